// What each step of the pipeline is made from, and the content hashes of those inputs: the files the
// root reaches through $ref, the configurations, the guides and templates, the code that makes the
// step's files, and the versions of the tools it calls.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../../paths.ts';

export const hashOf = (content: string | Buffer) => createHash('sha256').update(content).digest('hex');

/** The hash of a file (relative to the repository, or absolute), or `missing`. */
export function hashFile(file: string): string {
  try {
    return hashOf(readFileSync(path.resolve(root, file)));
  } catch {
    return 'missing';
  }
}

/**
 * A maker that keeps what it made last, and the key it was made for: asked again with the same key,
 * it gives the same value without making it again (a save of `npm run dev` changes few of a step's
 * inputs). The key is what the value is made from, or its hash.
 */
export function lastMade<T>(): (key: string, make: () => T) => T {
  let last: { key: string; value: T } | undefined;
  return (key, make) => {
    if (last?.key !== key) last = { key, value: make() };
    return last.value;
  };
}

/** The guides, docs/*.md, relative to the repository. */
export const guideSources = () =>
  existsSync(path.join(root, 'docs'))
    ? readdirSync(path.join(root, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .sort()
        .map((name) => `docs/${name}`)
    : [];

/** The sources of the reference's Try it panel, dev/docs/try-it/, bundled into the page. */
export const tryItSources = () =>
  readdirSync(path.join(root, 'dev/docs/try-it'))
    .sort()
    .map((name) => `dev/docs/try-it/${name}`);

/** The lint functions, openapi/lint/functions/*.js. */
export const lintFunctions = () =>
  readdirSync(path.join(root, 'openapi/lint/functions'))
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => `openapi/lint/functions/${name}`);

const require = createRequire(path.join(root, 'package.json'));

/** A tool's version, as an input: a new version may write other files. */
export function toolVersion(pkg: string): string {
  try {
    return (require(`${pkg}/package.json`) as { version: string }).version;
  } catch {
    // A package whose exports leave out its package.json.
    const entry = require.resolve(pkg);
    let dir = path.dirname(entry);
    while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
    return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  }
}

/** The key under which a tool's version is recorded among a step's inputs. */
export const toolKey = (pkg: string) => `node_modules/${pkg}`;
