// Prints every open point of the bundled contract: the JSON pointer and what is not specified.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './lib/tools.ts';
import { listUnspecified } from './lib/unspecified.ts';

const document = JSON.parse(readFileSync(path.join(root, 'generated/openapi.json'), 'utf8'));
const points = listUnspecified(document);
for (const { pointer, text } of points) console.log(`${pointer}\n    ${text}`);
console.log(`\n${points.length} points are marked x-unspecified.`);
