// Ajv (JSON Schema 2020-12) set up for the schemas of an OpenAPI document: the bundled description,
// whose all-errors checks the sandbox compiles at run time, and the sandbox's own document.
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The $id under which the description's components are known to Ajv. */
export const DOCUMENT_ID = 'https://shipping.example/api/public/v3/openapi.json';

/**
 * OpenAPI annotations that are not JSON Schema keywords, the contract's own extensions, and the
 * document's `components`; and `$anchor`, a JSON Schema 2020-12 keyword that Ajv resolves but
 * does not declare, so that strict mode would refuse it.
 */
const OPENAPI_KEYWORDS = [
  'example',
  'externalDocs',
  'xml',
  'x-unspecified',
  'x-http-standard',
  'components',
  '$anchor',
];

/**
 * The schemas without `discriminator.mapping`: Ajv takes the branch from the `const` or `enum` of
 * the tag in each `oneOf` branch instead, and does not accept a mapping. The mapping only serves
 * the rendered reference.
 */
function withoutMappings(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutMappings);
  if (!node || typeof node !== 'object') return node;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'discriminator' && value && typeof value === 'object') {
      const { mapping: _mapping, ...rest } = value as Record<string, unknown>;
      copy[key] = rest;
    } else {
      copy[key] = withoutMappings(value);
    }
  }
  return copy;
}

/**
 * An Ajv that knows the document's schemas as `${id}#/components/schemas/<name>`.
 * Strict, except that OpenAPI schemas put `properties` or `required` beside `allOf` without `type`.
 * With `discriminator`, a status is checked against the branch its `status` names, so the first
 * problem reported is the one in that branch (`/url` of a COMPLETED status), not a mismatch of tags.
 */
export function contractAjv(
  document: { components: { schemas: object } },
  options: Options = {},
  id = DOCUMENT_ID,
): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, discriminator: true, ...options });
  addFormats.default(ajv);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  ajv.addSchema({ $id: id, components: { schemas: withoutMappings(document.components.schemas) } });
  return ajv;
}
