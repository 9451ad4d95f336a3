// Where UTF-8 breaks: the offset that INVALID_FILE names agrees with Node's own UTF-8 check. The
// text of the file is what TextDecoder makes of its bytes, whichever way it is decoded.
import { isUtf8 } from 'node:buffer';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { fileText, firstInvalidUtf8 } from '../../packages/client/src/file-text.ts';

// Bytes around the edges of UTF-8: lead bytes, continuation bytes, overlong and surrogate starts.
const edgy = fc.constantFrom(
  0x00,
  0x41,
  0x7f,
  0x80,
  0x8f,
  0x90,
  0x9f,
  0xa0,
  0xbf,
  0xc0,
  0xc1,
  0xc2,
  0xdf,
  0xe0,
  0xe1,
  0xed,
  0xee,
  0xef,
  0xf0,
  0xf4,
  0xf5,
  0xff,
);
const text = fc.string({ unit: 'grapheme', maxLength: 20 }).map((s) => [...Buffer.from(s)]);
const bytes = fc
  .array(
    fc.oneof(
      edgy.map((b) => [b]),
      text,
    ),
    { maxLength: 12 },
  )
  .map((parts) => Uint8Array.from(parts.flat()));

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
  ['a broken byte after a U+FFFD that the bytes spell out', [0x41, 0xef, 0xbf, 0xbd, 0x42, 0xc3, 0x28], 5],
])('finds %s', (_, input, offset) => {
  expect(firstInvalidUtf8(Uint8Array.from(input))).toBe(offset);
});

// Text in which "?" and characters in and beyond Latin-1 come after a long first stretch of Latin-1 text.
const latin1Start = 'Leveringsbesked på SMS, ét ø. '.repeat(3000);
const piece = fc.oneof(
  fc.string({ unit: 'grapheme-ascii', maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom(
    '?',
    '??',
    'ø',
    'ÿ',
    '\u00a0',
    '\u0080',
    '€',
    '–',
    'Ā',
    '\ufeff',
    '\u200b',
    '\u200d',
    '\ufe0f',
    '\u{e0001}',
    '\ufffd',
    '😀',
    'ą',
    'Ω',
  ),
);
const texts = fc
  .tuple(fc.boolean(), fc.boolean(), fc.array(piece, { maxLength: 8 }))
  .map(([bom, long, pieces]) => `${bom ? '\ufeff' : ''}${long ? latin1Start : ''}${pieces.join('')}`);

it('decodes a file as TextDecoder does, byte order mark dropped, whether its characters lie in ASCII, in Latin-1 or beyond', () => {
  fc.assert(
    fc.property(texts, (text) => {
      const bytes = Buffer.from(text);
      expect(fileText(bytes)).toBe(new TextDecoder().decode(bytes));
    }),
    { numRuns: 300 },
  );
});

it.each([
  ['beyond Latin-1 after the first bytes', `${latin1Start}"x – y"`],
  ['beyond Latin-1 after the first bytes, among question marks', `${latin1Start}"¿? – ?"`],
  ['beyond the Basic Multilingual Plane', `${latin1Start}"😀"`],
  ['beyond Latin-1 in characters that may be ignored', `${latin1Start}"a\ufeffb\u200bc"`],
  ['in Latin-1 with question marks', `${latin1Start}"¿Qué? ÿ"`],
  ['in ASCII only', '{"name":"Delivery notice by SMS"}'.repeat(3000)],
])('keeps every character of a text %s', (_, text) => {
  expect(fileText(Buffer.from(text))).toBe(text);
});

it('names the byte where UTF-8 breaks in a file that is otherwise Latin-1', () => {
  const bytes = Buffer.concat([Buffer.from(latin1Start), Buffer.from([0xc3, 0x28])]);
  expect(() => fileText(bytes)).toThrow(`from byte ${Buffer.byteLength(latin1Start)} on (c3 28)`);
});

it.each([
  ['that starts beyond Latin-1', 'Ειδοποίηση – '],
  ['that starts in ASCII', 'Delivery notice '],
])('names the byte where UTF-8 breaks in a file %s', (_, start) => {
  const text = start.repeat(6000);
  const bytes = Buffer.concat([Buffer.from(text), Buffer.from([0xe2, 0x82]), Buffer.from('"x"')]);
  expect(() => fileText(bytes)).toThrow(`from byte ${Buffer.byteLength(text)} on (e2 82 22 78)`);
});
