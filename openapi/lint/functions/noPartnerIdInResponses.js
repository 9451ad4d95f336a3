// No response schema may carry partner_id, at any depth, except as the schema `false` (or
// `{ not: {} }`), which states that the property is never there.
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'unevaluatedProperties'];
const SCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];

export default function noPartnerIdInResponses(schema, _options, context) {
  const results = [];
  const seen = new Set();
  const visit = (node, path) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const [name, sub] of Object.entries(node.properties ?? {})) {
      const never =
        sub === false ||
        (sub && typeof sub === 'object' && sub.not && typeof sub.not === 'object' && Object.keys(sub.not).length === 0);
      if (name === 'partner_id' && !never) {
        results.push({
          message: 'A response carries partner_id, but the Partner ID is never returned in API responses.',
          path: [...path, 'properties', name],
        });
      }
      visit(sub, [...path, 'properties', name]);
    }
    for (const key of SUBSCHEMAS) visit(node[key], [...path, key]);
    for (const key of SCHEMA_LISTS) for (const [i, sub] of (node[key] ?? []).entries()) visit(sub, [...path, key, i]);
  };
  visit(schema, context.path);
  return results;
}
