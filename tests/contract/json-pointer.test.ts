// The JSON pointers of the contract package (RFC 6901): the one way every package, dev/ and the
// tests find the value at a pointer.
import { describe, expect, it } from 'vitest';
import { pointerGet, pointerKeys, pointerSegment } from 'shipping-api-v3-contract';

describe('pointerGet', () => {
  // RFC 6901, section 5: the document and what each pointer of it evaluates to.
  const rfc = {
    foo: ['bar', 'baz'],
    '': 0,
    'a/b': 1,
    'c%d': 2,
    'e^f': 3,
    'g|h': 4,
    'i\\j': 5,
    'k"l': 6,
    ' ': 7,
    'm~n': 8,
  };
  it.each([
    ['', rfc],
    ['/foo', ['bar', 'baz']],
    ['/foo/0', 'bar'],
    ['/', 0],
    ['/a~1b', 1],
    ['/c%d', 2],
    ['/e^f', 3],
    ['/g|h', 4],
    ['/i\\j', 5],
    ['/k"l', 6],
    ['/ ', 7],
    ['/m~0n', 8],
  ])('finds %j as RFC 6901 evaluates it', (pointer, value) => {
    expect(pointerGet(rfc, pointer)).toEqual({ found: true, value });
  });

  it('unescapes ~1 before ~0, so that ~01 is the key "~1"', () => {
    expect(pointerGet({ '~1': 'tilde one', '/': 'slash' }, '/~01')).toEqual({ found: true, value: 'tilde one' });
    expect(pointerKeys('/~01/~10')).toEqual(['~1', '/0']);
  });

  it('reads own properties only, never one an object inherits', () => {
    const body = JSON.parse('{"__proto__": {"x": 1}, "a": {}}');
    expect(pointerGet(body, '/__proto__/x')).toEqual({ found: true, value: 1 });
    for (const pointer of ['/a/constructor', '/a/toString', '/a/__proto__', '/constructor/name'])
      expect(pointerGet(body, pointer), pointer).toEqual({ found: false });
  });

  it('reads an array item by its index as RFC 6901 writes it', () => {
    const document = { list: [10, 20] };
    expect(pointerGet(document, '/list/1').value).toBe(20);
    for (const pointer of ['/list/2', '/list/01', '/list/-', '/list/length', '/list/1.0', '/list/-1'])
      expect(pointerGet(document, pointer), pointer).toEqual({ found: false });
  });

  it('finds nothing past a value that is no object or array, and in text that is no pointer', () => {
    const document = { a: 'text', n: null, z: 0 };
    for (const pointer of ['/a/length', '/n/x', '/z/0', '/missing', 'a', '#/a', '/a~2', '/~']) {
      expect(pointerGet(document, pointer), pointer).toEqual({ found: false });
      expect(pointerGet(document, pointer).value).toBeUndefined();
    }
    expect(pointerKeys('a')).toBeUndefined();
    expect(pointerKeys('/x~')).toBeUndefined();
    expect(pointerGet(document, '/n')).toEqual({ found: true, value: null });
  });

  it('reads back the pointer that pointerSegment writes, whatever the key', () => {
    const keys = ['a/b', '~', '~1', '/~0', '', ' ', 'constructor-free', '0'];
    const document = Object.fromEntries(keys.map((key, i) => [key, { [key]: i }]));
    for (const [i, key] of keys.entries()) {
      const pointer = `/${pointerSegment(key)}/${pointerSegment(key)}`;
      expect(pointerGet(document, pointer), pointer).toEqual({ found: true, value: i });
      expect(pointerKeys(pointer)).toEqual([key, key]);
    }
  });
});
