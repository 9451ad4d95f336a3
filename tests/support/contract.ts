// Loads the bundled contract and compiles its schemas with Ajv (JSON Schema 2020-12), for tests.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { root } from '../../scripts/lib/tools.ts';

export const bundlePath = path.join(root, 'generated/openapi.json');
export const setupFileSchemaPath = path.join(root, 'openapi/schemas/carrier-setup-file.schema.json');

export const readJson = (file: string): any => JSON.parse(readFileSync(file, 'utf8'));

/** OpenAPI keywords that are not JSON Schema validation keywords. */
const OPENAPI_KEYWORDS = ['components', 'discriminator', 'example', 'xml', 'externalDocs', 'x-unspecified'];

export function newAjv(): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, strictTypes: false });
  addFormats.default(ajv);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  return ajv;
}

/** Validators for the schemas of the bundled description, addressed by JSON pointer. */
export function contractValidators(document: unknown = readJson(bundlePath)) {
  const ajv = newAjv();
  const id = 'https://shipping.example/api/public/v3/openapi.json';
  ajv.addSchema({ $id: id, components: (document as any).components }, id);
  const cache = new Map<string, ValidateFunction>();
  return (pointer: string): ValidateFunction => {
    let validate = cache.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${id}#${pointer}` });
      cache.set(pointer, validate);
    }
    return validate;
  };
}
