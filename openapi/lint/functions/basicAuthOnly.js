// Every operation's effective security must require HTTP Basic, with no anonymous alternative: the
// operations under paths, and those of components.pathItems (the download, which has no path).
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export default function basicAuthOnly(doc) {
  const schemes = doc?.components?.securitySchemes ?? {};
  const isBasic = (name) => {
    const scheme = schemes[name];
    return scheme?.type === 'http' && String(scheme.scheme).toLowerCase() === 'basic';
  };
  const pathItems = [
    ...Object.entries(doc?.paths ?? {}).map(([path, item]) => [path, ['paths', path], item]),
    ...Object.entries(doc?.components?.pathItems ?? {}).map(([name, item]) => [
      `#/components/pathItems/${name}`,
      ['components', 'pathItems', name],
      item,
    ]),
  ];
  const results = [];
  for (const [name, at, pathItem] of pathItems) {
    for (const method of METHODS) {
      const operation = pathItem?.[method];
      if (!operation || typeof operation !== 'object') continue;
      const security = operation.security ?? doc.security;
      const where = [...at, method];
      if (!Array.isArray(security) || security.length === 0) {
        results.push({
          message: `${method.toUpperCase()} ${name} declares no security: HTTP Basic is required.`,
          path: where,
        });
        continue;
      }
      security.forEach((requirement, i) => {
        if (!Object.keys(requirement ?? {}).some(isBasic)) {
          results.push({
            message: `${method.toUpperCase()} ${name}: security alternative ${i} does not require the HTTP Basic scheme.`,
            path: operation.security ? [...where, 'security', i] : ['security', i],
          });
        }
      });
    }
  }
  return results;
}
