// The one place the package reads what `npm run build` generates from the contract: the bundled
// description, its TypeScript types and the standalone validators, copied into generated/ beside
// src/ and dist/ when the package is built.
import { readFileSync } from 'node:fs';
import * as validators from '../generated/validators/index.js';
import { createJudge, type Judge, judgePlan } from './judge.ts';

export type { components, operations, paths } from '../generated/schema.js';
export * from '../generated/validators/index.js';

let document: any;

/** The bundled description (openapi.json), read once. */
export function bundle(): any {
  document ??= JSON.parse(readFileSync(new URL('../generated/openapi.json', import.meta.url), 'utf8'));
  return document;
}

let judge: Judge | undefined;

/** The judge of answers (judge.ts) compiled from the package's bundle and its generated validators, made once. */
export function contractJudge(): Judge {
  judge ??= createJudge(judgePlan(bundle()), validators);
  return judge;
}
