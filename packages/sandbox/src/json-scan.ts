// The keys and numbers of a JSON text, each with its JSON pointer and its text as written, in one
// pass without recursion: a body nested as deep as the body limit allows is read like a flat one
// (JSON.parse with a reviver overflows the stack a few thousand levels down).
import { pointerSegment } from 'shipping-api-v3-contract';

export interface JsonToken {
  kind: 'key' | 'number';
  /** The key, unescaped; or the number's text as written. */
  text: string;
  /** For a key: the key under which the object holding it lies; undefined at the root or in an array. */
  holderKey: string | undefined;
  /** The JSON pointer of the number, or of the key's value. */
  pointer(): string;
}

interface Frame {
  array: boolean;
  key: string;
  index: number;
  /** In an object, before the colon: the next string is a key. */
  expectKey: boolean;
}

const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/** Where the string that opens at `start` ends: past its closing quote, the one no backslash escapes. */
function stringEnd(json: string, start: number): number {
  let from = start + 1;
  for (;;) {
    const quote = json.indexOf('"', from);
    if (quote < 0) return json.length;
    let backslashes = 0;
    while (json.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/**
 * Calls visit with each key and each number of `json`, a text that JSON.parse has read, in the
 * text's order, until visit returns false.
 */
export function scanJson(json: string, visit: (token: JsonToken) => boolean): void {
  const frames: Frame[] = [];
  const pointer = () => frames.map((f) => `/${pointerSegment(f.array ? f.index : f.key)}`).join('');
  let at = 0;
  while (at < json.length) {
    const c = json[at]!;
    const top = frames.at(-1);
    let end = at + 1;
    if (c === '{' || c === '[') frames.push({ array: c === '[', key: '', index: 0, expectKey: c === '{' });
    else if (c === '}' || c === ']') frames.pop();
    else if (c === ',' && top) {
      top.index += 1;
      top.expectKey = !top.array;
    } else if (c === '"') {
      end = stringEnd(json, at);
      if (top?.expectKey) {
        top.key = JSON.parse(json.slice(at, end)) as string;
        top.expectKey = false;
        const holder = frames.at(-2);
        const holderKey = holder && !holder.array ? holder.key : undefined;
        if (!visit({ kind: 'key', text: top.key, holderKey, pointer })) return;
      }
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      NUMBER.lastIndex = at;
      end = NUMBER.exec(json) ? NUMBER.lastIndex : at + 1;
      if (!visit({ kind: 'number', text: json.slice(at, end), holderKey: undefined, pointer })) return;
    }
    at = end;
  }
}
