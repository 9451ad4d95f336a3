// Open shapes must say what is not specified with x-unspecified: a schema that constrains nothing,
// an array without items, a response without content, and a media type without a schema.
const SHAPE_KEYWORDS = [
  'type',
  '$ref',
  'const',
  'enum',
  'allOf',
  'oneOf',
  'anyOf',
  'not',
  'properties',
  'items',
  'if',
  'prefixItems',
];
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'unevaluatedProperties'];
const SCHEMA_LISTS = ['allOf', 'oneOf', 'anyOf', 'prefixItems'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const marked = (node) => typeof node?.['x-unspecified'] === 'string' && node['x-unspecified'].trim() !== '';

export default function openShapeMarked(doc) {
  const results = [];
  const seen = new Set();

  const schema = (node, path) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (!SHAPE_KEYWORDS.some((k) => k in node) && !marked(node)) {
      results.push({ message: 'Schema constrains nothing: say what is not specified with x-unspecified.', path });
    }
    const isArray = node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array'));
    if (isArray && !('items' in node) && !('prefixItems' in node) && !marked(node)) {
      results.push({ message: 'Array has no item shape: say what is not specified with x-unspecified.', path });
    }
    for (const [name, sub] of Object.entries(node.properties ?? {})) schema(sub, [...path, 'properties', name]);
    for (const [name, sub] of Object.entries(node.$defs ?? {})) schema(sub, [...path, '$defs', name]);
    // `items: {}` of an array marked x-unspecified: the array's mark says the element shape is open.
    const openItems =
      isArray && marked(node) && node.items && typeof node.items === 'object' && Object.keys(node.items).length === 0;
    for (const key of SUBSCHEMAS) {
      if (key === 'items' && openItems) continue;
      // `not: {}` is the schema nothing obeys (a property that is never there), not an open shape.
      if (key === 'not' && node.not && typeof node.not === 'object' && Object.keys(node.not).length === 0) continue;
      if (node[key] && typeof node[key] === 'object') schema(node[key], [...path, key]);
    }
    for (const key of SCHEMA_LISTS) for (const [i, sub] of (node[key] ?? []).entries()) schema(sub, [...path, key, i]);
  };

  const content = (node, path) => {
    for (const [type, media] of Object.entries(node?.content ?? {})) {
      if (media?.schema) schema(media.schema, [...path, 'content', type, 'schema']);
      else if (!marked(media)) {
        results.push({
          message: `Media type ${type} has no schema: say what is not specified with x-unspecified.`,
          path: [...path, 'content', type],
        });
      }
    }
  };

  for (const [name, sub] of Object.entries(doc?.components?.schemas ?? {}))
    schema(sub, ['components', 'schemas', name]);
  const pathItems = [
    ...Object.entries(doc?.paths ?? {}).map(([path, item]) => [['paths', path], item]),
    ...Object.entries(doc?.components?.pathItems ?? {}).map(([name, item]) => [
      ['components', 'pathItems', name],
      item,
    ]),
  ];
  for (const [at, pathItem] of pathItems) {
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (!operation || typeof operation !== 'object') continue;
      const where = [...at, method];
      for (const [i, p] of (operation.parameters ?? []).entries()) {
        if (p?.schema) schema(p.schema, [...where, 'parameters', i, 'schema']);
      }
      if (operation.requestBody) content(operation.requestBody, [...where, 'requestBody']);
      for (const [code, response] of Object.entries(operation.responses ?? {})) {
        const at = [...where, 'responses', code];
        if (!response?.content || Object.keys(response.content).length === 0) {
          if (!marked(response)) {
            results.push({
              message: `Response ${code} has no content: say what is not specified with x-unspecified.`,
              path: at,
            });
          }
        } else {
          content(response, at);
        }
      }
    }
  }
  return results;
}
