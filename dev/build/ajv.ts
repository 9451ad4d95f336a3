// Ajv for the schemas of the bundled description (the sandbox's, through its internal subpath), and
// the inlining of component references that the generated validators are compiled from.
export { contractAjv, DOCUMENT_ID } from 'shipping-api-v3-sandbox/internal';

/** Keywords that annotate a schema and check nothing; a `$ref` beside only these may be replaced by its target. */
const ANNOTATIONS = new Set([
  'title',
  'description',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  'x-unspecified',
]);
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
    if (
      target === undefined ||
      !(target in schemas) ||
      path.includes(target) ||
      !Object.keys(rest).every((key) => ANNOTATIONS.has(key))
    ) {
      return $ref === undefined ? copy : { $ref, ...copy };
    }
    return { ...(inline(schemas[target], [...path, target]) as object), ...copy };
  };
  return Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, inline(schema, [name])]));
}
