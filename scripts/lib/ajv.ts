// Ajv (JSON Schema 2020-12) set up for the schemas of the bundled description.
import { Ajv2020, type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

/** The $id under which the description's components are known to Ajv. */
export const DOCUMENT_ID = 'https://shipping.example/api/public/v3/openapi.json';

/** OpenAPI annotations that are not JSON Schema keywords, and the document's `components`. */
const OPENAPI_KEYWORDS = ['example', 'externalDocs', 'xml', 'x-unspecified', 'components'];

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
 * An Ajv that knows the description's schemas as `${DOCUMENT_ID}#/components/schemas/<name>`.
 * Strict, except that OpenAPI schemas put `properties` or `required` beside `allOf` without `type`.
 * With `discriminator`, a status is checked against the branch its `status` names, so the first
 * problem reported is the one in that branch (`/url` of a COMPLETED status), not a mismatch of tags.
 */
export function contractAjv(document: { components: { schemas: object } }, options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, strictTypes: false, discriminator: true, ...options });
  addFormats.default(ajv);
  ajv.addVocabulary(OPENAPI_KEYWORDS);
  ajv.addSchema({ $id: DOCUMENT_ID, components: { schemas: withoutMappings(document.components.schemas) } });
  return ajv;
}

/** Keywords that annotate a schema and check nothing; a `$ref` beside only these may be replaced by its target. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'example', 'deprecated', 'readOnly', 'writeOnly', 'x-unspecified']);
const COMPONENT_REF = /^#\/components\/schemas\/([^/]+)$/;

/**
 * The component schemas with every `$ref` to another component replaced by a copy of that
 * component (its own references replaced in turn), its annotations taken from the referring schema.
 * The schemas accept and reject exactly what they did: a reference beside keywords that check
 * something, and a reference that leads back into a component on its way, are left as they are.
 * Ajv compiles a referenced schema that holds references into a function of its own, and calls it
 * for every value with a fresh context object and a JSON pointer built in advance; compiled from
 * these schemas, a validator checks a whole setup file in one function that allocates nothing until
 * it finds a problem. Only the schema paths of the problems change (`#/items/properties/code/pattern`
 * instead of `#/components/schemas/Carrier/properties/code/pattern`); the instance paths stay.
 */
export function withInlinedRefs(schemas: Record<string, unknown>): Record<string, unknown> {
  const inline = (node: unknown, path: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item) => inline(item, path));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const target = typeof $ref === 'string' ? COMPONENT_REF.exec($ref)?.[1] : undefined;
    const copy = Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, inline(value, path)]));
    if (target === undefined || !(target in schemas) || path.includes(target) || !Object.keys(rest).every((key) => ANNOTATIONS.has(key))) {
      return $ref === undefined ? copy : { $ref, ...copy };
    }
    return { ...(inline(schemas[target], [...path, target]) as object), ...copy };
  };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, inline(schema, [name])]));
}
