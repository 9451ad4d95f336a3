// The carrier setup file's bytes as text: UTF-8, checked as it is decoded, and an error that names
// the first byte that is no UTF-8 character.
import { ShippingApiError } from './errors.ts';

const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/**
 * UTF-8 bytes as text, without a byte order mark (no part of the JSON text, RFC 8259 8.1), as
 * Response#text() makes it. Throws INVALID_FILE at the first byte that is not UTF-8.
 */
export function fileText(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    const shown = hex(bytes.subarray(at, at + 4));
    throw new ShippingApiError(
      `The carrier setup file is not UTF-8 text: the bytes from byte ${at} on (${shown}) are no UTF-8 character.`,
      { code: 'INVALID_FILE', operation: 'downloadCarrierSetupFile' },
    );
  }
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');

/**
 * The offset of the first byte that does not start or continue a well-formed UTF-8 character, or
 * the length when there is none. A lenient decoder puts U+FFFD where such bytes start (Encoding
 * Standard, UTF-8 decoder); a U+FFFD that the bytes spell out (ef bf bd) is text, not an error.
 * @internal exported for its test (tests/client/utf8.test.ts)
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  let at = 0;
  let from = 0;
  for (let i = text.indexOf('\ufffd'); i !== -1; i = text.indexOf('\ufffd', i + 1)) {
    at += Buffer.byteLength(text.slice(from, i));
    if (bytes[at] !== 0xef || bytes[at + 1] !== 0xbf || bytes[at + 2] !== 0xbd) return at;
    at += 3;
    from = i + 1;
  }
  return bytes.length;
}
