// The specification gives no status codes: responses are 2XX and default. Any other status code is
// HTTP's rule, not the specification's, and must say so with x-http-standard naming the RFC.
const FROM_SPECIFICATION = new Set(['2XX', 'default']);

const marked = (response) =>
  typeof response?.['x-http-standard'] === 'string' && /\bRFC \d+/.test(response['x-http-standard']);

export default function statusCodeFromHttpStandard(responses, _options, context) {
  if (!responses || typeof responses !== 'object') return [];
  const results = [];
  for (const [code, response] of Object.entries(responses)) {
    if (FROM_SPECIFICATION.has(code) || marked(response)) continue;
    results.push({
      message: `Response ${code} is not given by the specification: name the HTTP standard it follows with x-http-standard (e.g. "RFC 9110 §15.5.2"), or leave it to 2XX/default.`,
      path: [...context.path, code],
    });
  }
  return results;
}
