// Numbers a double (IEEE 754 binary64) cannot hold: the text of a decimal number that is not zero
// yet reads as 0, or that reads as Infinity. Number() and JSON.parse round such text without a word;
// the readers of Partner-ID and the sandbox's body parser refuse it instead, with the same sentence.

/**
 * What the text of a decimal number (JSON's grammar, or the contract's PartnerIdHeaderValue) would
 * read as when a double cannot hold it: 0, Infinity or -Infinity; undefined when it reads as a
 * number of its own magnitude (rounded or not).
 */
export function beyondDouble(text: string): number | undefined {
  const value = Number(text);
  if (value === Number.POSITIVE_INFINITY || value === Number.NEGATIVE_INFINITY) return value;
  // -0 too: a minus sign before a number that underflows.
  if (value === 0 && /[1-9]/.test(text.split(/[eE]/, 1)[0]!)) return 0;
  return undefined;
}

/** "is beyond the range of a double …: it would read as 0", for a message that names its subject. */
export function beyondDoubleReason(readsAs: number): string {
  return `is beyond the range of a double (IEEE 754 binary64): it would read as ${readsAs}`;
}

/** The sentence for a number's text: "1e-400 is beyond the range of a double …: it would read as 0". */
export function beyondDoubleMessage(text: string, readsAs: number): string {
  const shown = text.length > 40 ? `${text.slice(0, 16)}…${text.slice(-16)} (${text.length} characters)` : text;
  return `${shown} ${beyondDoubleReason(readsAs)}`;
}

// A number whose exponent has at most two digits (|e| <= 99) overflows only with at least 210
// digits before its point, and underflows only with at least 224 zeros after it; any other number a
// double cannot hold has an exponent of three digits or more. A run is matched from its first digit
// only, so that a body of long runs costs one pass.
const MAY_BE_BEYOND_DOUBLE = /[eE][+-]?\d{3}|(?<!\d)\d{200}/;

/**
 * Whether a JSON text could hold a number beyond a double's range: false for every text that holds
 * none of them, and for almost every ordinary body, at the cost of one regular expression.
 */
export function mayHoldBeyondDouble(json: string): boolean {
  return MAY_BE_BEYOND_DOUBLE.test(json);
}
