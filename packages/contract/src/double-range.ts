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
