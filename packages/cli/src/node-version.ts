// The Node.js the command line needs, checked before anything that needs it is loaded.

/** The oldest Node.js the package runs on (package.json engines). */
const NEEDED = { major: 22, minor: 12 };

/** Why `version` (process.versions.node) cannot run the command line, or undefined when it can. */
export function unsupportedNode(version: string): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  if (major > NEEDED.major || (major === NEEDED.major && minor >= NEEDED.minor)) return undefined;
  return `shipping-api needs Node.js ${NEEDED.major}.${NEEDED.minor} or later; this is Node.js ${version}.`;
}
