// Every operation's effective security must require HTTP Basic, with no anonymous alternative.
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export default function basicAuthOnly(doc) {
  const schemes = doc?.components?.securitySchemes ?? {};
  const isBasic = (name) => {
    const scheme = schemes[name];
    return scheme?.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic';
  };
  const results = [];
  for (const [path, pathItem] of Object.entries(doc?.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (!operation || typeof operation !== 'object') continue;
      const security = operation.security ?? doc.security;
      const where = ['paths', path, method];
      if (!Array.isArray(security) || security.length === 0) {
        results.push({
          message: `${method.toUpperCase()} ${path} declares no security: HTTP Basic is required.`,
          path: where,
        });
        continue;
      }
      security.forEach((requirement, i) => {
        if (!Object.keys(requirement ?? {}).some(isBasic)) {
          results.push({
            message: `${method.toUpperCase()} ${path}: security alternative ${i} does not require the HTTP Basic scheme.`,
            path: operation.security ? [...where, 'security', i] : ['security', i],
          });
        }
      });
    }
  }
  return results;
}
