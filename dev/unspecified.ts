// Lists the open points of a bundled description: every x-unspecified, with its JSON pointer.
import { pointerSegment } from '../src/json-pointer.ts';

export interface OpenPoint {
  pointer: string;
  text: string;
}


export function listUnspecified(document: unknown): OpenPoint[] {
  const points: OpenPoint[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => walk(item, `${pointer}/${i}`));
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
