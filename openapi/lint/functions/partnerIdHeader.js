// Every operation of a path item must take the Partner-ID header (path-level or operation-level).
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const isPartnerIdHeader = (p) =>
  p && typeof p === 'object' && p.in === 'header' && String(p.name).toLowerCase() === 'partner-id';

export default function partnerIdHeader(pathItem, _options, context) {
  if (!pathItem || typeof pathItem !== 'object') return [];
  const shared = Array.isArray(pathItem.parameters) ? pathItem.parameters : [];
  const results = [];
  for (const method of METHODS) {
    const operation = pathItem[method];
    if (!operation || typeof operation !== 'object') continue;
    const own = Array.isArray(operation.parameters) ? operation.parameters : [];
    if (![...shared, ...own].some(isPartnerIdHeader)) {
      results.push({
        message: `${method.toUpperCase()} operation does not take the Partner-ID header parameter.`,
        path: [...context.path, method],
      });
    }
  }
  return results;
}
