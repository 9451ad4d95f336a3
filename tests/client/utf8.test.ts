// Where UTF-8 breaks: the offset that INVALID_FILE names agrees with Node's own UTF-8 check.
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { firstInvalidUtf8 } from '../../src/download.ts';

// Bytes around the edges of UTF-8: lead bytes, continuation bytes, overlong and surrogate starts.
const edgy = fc.constantFrom(0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xe1, 0xed, 0xee, 0xef, 0xf0, 0xf4, 0xf5, 0xff);
const text = fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => [...Buffer.from(s)]);
const bytes = fc.array(fc.oneof(edgy.map((b) => [b]), text), { maxLength: 12 }).map((parts) => Uint8Array.from(parts.flat()));

it('names the end of the bytes exactly when they are UTF-8, and otherwise an offset before which they are', () => {
  fc.assert(
    fc.property(bytes, (input) => {
      const at = firstInvalidUtf8(input);
      expect(at === input.length).toBe(isUtf8(input));
      expect(isUtf8(input.subarray(0, at))).toBe(true);
      // The sequence that starts at the offset is broken on its own.
      if (at < input.length) expect(firstInvalidUtf8(input.subarray(at))).toBe(0);
    }),
    { numRuns: 2000 },
  );
});

it.each([
  ['an overlong form', [0x41, 0xc0, 0xaf], 1],
  ['a surrogate', [0x41, 0x42, 0xed, 0xa0, 0x80], 2],
  ['a code point beyond U+10FFFF', [0xf4, 0x90, 0x80, 0x80], 0],
  ['a character cut at the end', [0x41, 0xe2, 0x80], 1],
  ['a stray continuation byte', [0xe2, 0x80, 0x93, 0x93], 3],
])('finds %s', (_, input, offset) => {
  expect(firstInvalidUtf8(Uint8Array.from(input))).toBe(offset);
});
