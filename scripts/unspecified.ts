// Prints every open point of the bundled contract: the JSON pointer and what is not specified.
import { readFileSync } from 'node:fs';
import { BUNDLE_JSON } from '../dev/paths.ts';
import { listUnspecified } from '../dev/unspecified.ts';

const document = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8'));
const points = listUnspecified(document);
for (const { pointer, text } of points) console.log(`${pointer}\n    ${text}`);
console.log(`\n${points.length} points are marked x-unspecified.`);
