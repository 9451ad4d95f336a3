// Compares the bundled description with the last release (docs/releases/<version>/openapi.yaml)
// using `redocly diff`, which rates every change by the semver part it must raise. Fails on a
// breaking (major) change unless the major part of info.version was raised over the release's.
//   npm run diff [-- --base <released.yaml>] [--revision <bundle.yaml>] [--format markdown -o report.md]
// --previous compares with the release before info.version, for the notes of a version already recorded.
import path from 'node:path';
import { compareVersions, descriptionVersion, lastReleaseUpTo, parseVersion, releasedDescription } from './releases.ts';
import { BUNDLE_YAML, root } from '../paths.ts';
import { redocly } from '../tools.ts';

/** The diff's own configuration: its rules alone, none of redocly.yaml's apis (the file says why). */
const DIFF_CONFIG = path.join(root, 'dev/release/redocly-diff.yaml');

export interface DiffOptions {
  base?: string;
  revision?: string;
  format?: string;
  output?: string;
  previous?: boolean;
}

/** `npm run diff`: compares the bundle with the last release; returns the exit code. */
export function diffWithRelease(values: DiffOptions = {}): number {
  const revision = path.resolve(values.revision ?? BUNDLE_YAML);
  const version = descriptionVersion(revision);
  const lastRelease = lastReleaseUpTo(version, { before: values.previous ?? false });
  const base = values.base ? path.resolve(values.base) : lastRelease && releasedDescription(lastRelease);
  if (!base) {
    console.log(
      `No release ${values.previous ? 'before' : 'at or below'} ${version} in docs/releases/: nothing to compare with.`,
    );
    return 0;
  }
  const baseVersion = descriptionVersion(base);
  if (compareVersions(version, baseVersion) < 0) {
    console.error(`info.version ${version} is lower than the released ${baseVersion}.`);
    return 1;
  }

  const majorRaised = parseVersion(version)[0] > parseVersion(baseVersion)[0];
  const args = ['diff', base, revision, '--config', DIFF_CONFIG, '--fail-on', majorRaised ? 'none' : 'major'];
  if (values.format) args.push('--format', values.format);
  if (values.output) args.push('--output', path.resolve(values.output));

  const rel = (file: string) => path.relative(root, file);
  console.log(`Comparing ${rel(revision)} (${version}) with ${rel(base)} (${baseVersion}).`);
  const status = redocly(args, { inherit: true }).status;
  if (status !== 0) {
    console.error(
      `Breaking changes since ${baseVersion}: raise the major part of info.version (and package.json), or undo them.`,
    );
    return 1;
  }
  console.log(
    majorRaised
      ? `The major version was raised (${baseVersion} -> ${version}): breaking changes are allowed; list them in CHANGELOG.md.`
      : `No breaking change since ${baseVersion}.`,
  );
  return 0;
}
