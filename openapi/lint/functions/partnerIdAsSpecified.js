// PartnerId states what the specification states, "numeric" / number, and no more: type number,
// no bounds, no integer type, and an x-unspecified mark for what is open (whole number, range).
const BOUNDS = ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'format'];

export default function partnerIdAsSpecified(schema, _options, context) {
  if (!schema || typeof schema !== 'object') return [];
  const results = [];
  if (schema.type !== 'number') {
    results.push({
      message: `PartnerId must be type number (the specification says "numeric"/number), not ${JSON.stringify(schema.type)}.`,
      path: [...context.path, 'type'],
    });
  }
  for (const key of BOUNDS) {
    if (key in schema)
      results.push({
        message: `PartnerId states ${key}, which the specification does not give.`,
        path: [...context.path, key],
      });
  }
  const mark = schema['x-unspecified'];
  if (typeof mark !== 'string' || !/whole/i.test(mark) || !/range/i.test(mark)) {
    results.push({
      message: 'PartnerId must mark as x-unspecified whether it is a whole number and its range.',
      path: context.path,
    });
  }
  return results;
}
