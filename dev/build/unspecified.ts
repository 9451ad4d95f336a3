// Lists the open points of a bundled description: every x-unspecified, with its JSON pointer.
import { readFileSync } from 'node:fs';
import { pointerSegment } from 'shipping-api-v3-contract/json-pointer';
import { BUNDLE_JSON } from '../paths.ts';

export interface OpenPoint {
  pointer: string;
  text: string;
}

export function listUnspecified(document: unknown): OpenPoint[] {
  const points: OpenPoint[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, `${pointer}/${i}`);
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === 'x-unspecified') points.push({ pointer: pointer || '/', text: String(value) });
        else walk(value, `${pointer}/${pointerSegment(key)}`);
      }
    }
  };
  walk(document, '');
  return points;
}

/** `npm run unspecified`: prints every open point of the bundle with its JSON pointer. */
export function printUnspecified(): void {
  const points = listUnspecified(JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')));
  for (const { pointer, text } of points) console.log(`${pointer}\n    ${text}`);
  console.log(`\n${points.length} points are marked x-unspecified.`);
}
