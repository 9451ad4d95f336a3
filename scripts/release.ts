// Records the bundled description as the release of its info.version:
// docs/releases/<version>/openapi.yaml, the base that `npm run diff` compares later changes with.
// Refuses when package.json and info.version disagree, when CHANGELOG.md has no section for the
// version, or when that release is recorded already with other content (--replace overwrites it).
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BUNDLE, descriptionVersion, packageVersion, releasedDescription } from '../dev/releases.ts';
import { root } from '../dev/tools.ts';

const { values } = parseArgs({ options: { replace: { type: 'boolean', default: false } } });

const fail = (message: string): never => {
  console.error(message);
  process.exit(1);
};

const version = descriptionVersion(BUNDLE);
if (version !== packageVersion()) fail(`info.version ${version} differs from package.json version ${packageVersion()}.`);
const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
if (!changelog.includes(`## [${version}]`)) fail(`CHANGELOG.md has no section "## [${version}]".`);

const target = releasedDescription(version);
if (existsSync(target) && readFileSync(target, 'utf8') !== readFileSync(BUNDLE, 'utf8') && !values.replace) {
  fail(`${path.relative(root, target)} exists and differs from the bundle. A released description does not change; raise the version, or pass --replace before the release is published.`);
}
mkdirSync(path.dirname(target), { recursive: true });
copyFileSync(BUNDLE, target);
console.log(`Recorded generated/openapi.yaml as release ${version}: ${path.relative(root, target)}.`);
