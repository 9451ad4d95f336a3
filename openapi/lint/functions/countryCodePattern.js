// A *country_code property states the two-uppercase-letter pattern, or is marked x-unspecified.
const TWO_UPPERCASE_LETTERS = '^[A-Z]{2}$';

export default function countryCodePattern(properties, _options, context) {
  if (!properties || typeof properties !== 'object') return [];
  const results = [];
  for (const [name, schema] of Object.entries(properties)) {
    if (!/country_code$/.test(name) || !schema || typeof schema !== 'object') continue;
    if (schema.pattern === TWO_UPPERCASE_LETTERS) continue;
    if (typeof schema['x-unspecified'] === 'string' && schema['x-unspecified'].trim()) continue;
    results.push({
      message: `${name} must have pattern ${TWO_UPPERCASE_LETTERS}, or x-unspecified where its format is not given.`,
      path: [...context.path, name],
    });
  }
  return results;
}
