// Records the bundled description as the release of its info.version:
// docs/releases/<version>/openapi.yaml, the base that `npm run diff` compares later changes with.
// Refuses when package.json and info.version disagree, when CHANGELOG.md has no section for the
// version, or when that release is recorded already with other content (--replace overwrites it).
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { descriptionVersion, packageVersion, releasedDescription } from './releases.ts';
import { BUNDLE_YAML, root } from '../paths.ts';

class ReleaseRefused extends Error {}
const fail = (message: string): never => {
  throw new ReleaseRefused(message);
};

/** `npm run release [-- --replace]`: records the bundle as the release of its version. */
export function recordRelease({ replace = false }: { replace?: boolean } = {}): void {
  const version = descriptionVersion(BUNDLE_YAML);
  if (version !== packageVersion())
    fail(`info.version ${version} differs from package.json version ${packageVersion()}.`);
  const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
  if (!changelog.includes(`## [${version}]`)) fail(`CHANGELOG.md has no section "## [${version}]".`);

  const target = releasedDescription(version);
  if (existsSync(target) && readFileSync(target, 'utf8') !== readFileSync(BUNDLE_YAML, 'utf8') && !replace) {
    fail(
      `${path.relative(root, target)} exists and differs from the bundle. A released description does not change; raise the version, or pass --replace before the release is published.`,
    );
  }
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(BUNDLE_YAML, target);
  console.log(`Recorded generated/openapi.yaml as release ${version}: ${path.relative(root, target)}.`);
}
