// Loads the bundled contract and compiles its schemas with Ajv (JSON Schema 2020-12), for tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import { pointerGet } from 'shipping-api-v3-contract';
import { contractAjv, DOCUMENT_ID } from '../../../dev/build/ajv.ts';

import { BUNDLE_JSON, root } from '../../../dev/paths.ts';

export const bundlePath = BUNDLE_JSON;
export const setupFileSchemaPath = path.join(root, 'openapi/schemas/carrier-setup-file.schema.json');

export const readJson = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));

/** A node of `document`, its local $ref followed to the component it names (undefined where it names none). */
export function resolveRef(document: any, node: any): any {
  if (!node?.$ref) return node;
  return resolveRef(document, pointerGet(document, String(node.$ref).replace(/^#/, '')).value);
}

/** Validators for any schema of the bundled description, addressed by JSON pointer. */
export function contractValidators(document: any = readJson(bundlePath)) {
  const ajv = contractAjv(document, { allErrors: true });
  const cache = new Map<string, ValidateFunction>();
  return {
    ajv,
    at(pointer: string): ValidateFunction {
      let validate = cache.get(pointer);
      if (!validate) {
        validate = ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer}` });
        cache.set(pointer, validate);
      }
      return validate;
    },
  };
}
