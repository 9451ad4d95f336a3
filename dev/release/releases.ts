// The released descriptions, kept as docs/releases/<version>/openapi.yaml, and the versions of the
// current tree.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { root } from '../paths.ts';

export const RELEASES_DIR = path.join(root, 'docs/releases');

type Version = [number, number, number];

export function parseVersion(version: string): Version {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version);
  if (!match) throw new Error(`Not a version of the form MAJOR.MINOR.PATCH: ${version}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

export function compareVersions(a: string, b: string): number {
  const [x, y] = [parseVersion(a), parseVersion(b)];
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
}

export const releasedDescription = (version: string, dir = RELEASES_DIR) => path.join(dir, version, 'openapi.yaml');

/** The released versions, oldest first. */
export function releasedVersions(dir = RELEASES_DIR): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^\d+\.\d+\.\d+$/.test(name) && existsSync(releasedDescription(name, dir)))
    .sort(compareVersions);
}

/**
 * The last release at or below `version`: the one a description of `version` is compared with.
 * With `before`, the last release below it: what the release of `version` itself changed.
 */
export function lastReleaseUpTo(version: string, { before = false, dir = RELEASES_DIR } = {}): string | undefined {
  return releasedVersions(dir)
    .filter((released) => (before ? compareVersions(released, version) < 0 : compareVersions(released, version) <= 0))
    .at(-1);
}

export const descriptionVersion = (file: string): string => String(parse(readFileSync(file, 'utf8')).info.version);

export const packageVersion = (): string => JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).version;
