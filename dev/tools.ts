// Runs the command-line tools of installed packages on the current Node, without relying on PATH.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './paths.ts';

/** The absolute path of an installed package's package.json, also where its exports leave it out (knip). */
function manifestOf(pkg: string, from: string): string {
  const require = createRequire(path.join(from, 'package.json'));
  try {
    return require.resolve(`${pkg}/package.json`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error;
    const found = require.resolve
      .paths(pkg)
      ?.map((dir) => path.join(dir, pkg, 'package.json'))
      .find(existsSync);
    if (!found) throw error;
    return found;
  }
}

/** The absolute path of a package's command-line entry point, installed here or in the folder `from` (a toolchain's). */
export function binPath(pkg: string, bin: string, from = root): string {
  const manifestPath = manifestOf(pkg, from);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { bin?: string | Record<string, string> };
  const rel = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.[bin];
  if (!rel) throw new Error(`${pkg} has no command "${bin}"`);
  return path.join(path.dirname(manifestPath), rel);
}

export interface RunOptions {
  cwd?: string;
  /** Print the tool's output as it runs instead of capturing it. */
  inherit?: boolean;
  /** The folder whose node_modules holds the tool: the repository's unless given (a toolchain's, dev/toolchains.ts). */
  from?: string;
}

export function runBin(pkg: string, bin: string, args: string[], options: RunOptions = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [binPath(pkg, bin, options.from), ...args], {
    cwd: options.cwd ?? root,
    encoding: 'utf8',
    stdio: options.inherit ? 'inherit' : 'pipe',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      ...process.env,
      NO_COLOR: '1',
      FORCE_COLOR: '0',
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      SCARF_ANALYTICS: 'false',
    },
  });
}

export const redocly = (args: string[], options?: RunOptions) => runBin('@redocly/cli', 'redocly', args, options);

/** A new temporary folder and the way to remove it; the one place temporary folders are made. */
export function makeTempDir(prefix: string, options: { parent?: string } = {}): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(options.parent ?? tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Runs fn with a new temporary folder, removed afterwards whatever happens; when fn returns a
 * promise, once it settles.
 */
export function withTempDir<T>(prefix: string, fn: (dir: string) => T): T {
  const { dir, remove } = makeTempDir(prefix);
  let result: T;
  try {
    result = fn(dir);
  } catch (error) {
    remove();
    throw error;
  }
  if (result instanceof Promise) return result.finally(remove) as T;
  remove();
  return result;
}

/** Whether two files differ in content; a missing file differs from any other. */
export function filesDiffer(a: string, b: string): boolean {
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return undefined;
    }
  };
  const left = read(a);
  return left === undefined || left !== read(b);
}

/** Folders a copy of the repository leaves out: installed packages, git, and what tools write. */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', 'coverage', 'test-results', 'recordings']);

/** Whether a copy of the repository leaves `rel` out: NOT_COPIED, and the installs of the toolchains (toolchains/<name>/node_modules). */
function notCopied(rel: string): boolean {
  const [top, toolchain, installed] = rel.split(path.sep);
  return NOT_COPIED.has(top!) || (top === 'toolchains' && toolchain !== undefined && installed === 'node_modules');
}

/**
 * Copies the working tree of the repository into `dir`, its node_modules linked, not copied; the
 * toolchains' installs stay out (a tool of a toolchain runs from this checkout's).
 */
export function copyRepository(dir: string): void {
  cpSync(root, dir, {
    recursive: true,
    filter: (src) => !notCopied(path.relative(root, src)),
  });
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'junction');
}

/**
 * Makes `dir`/node_modules link each package installed here, and the workspaces by the same relative
 * links as here, so that a package's name reaches `dir`'s own packages/ (a copy's, or an older tree's).
 */
export function linkInstalledPackages(dir: string): void {
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(path.join(root, 'node_modules'))) {
    const installed = path.join(root, 'node_modules', name);
    symlinkSync(lstatSync(installed).isSymbolicLink() ? readlinkSync(installed) : installed, path.join(modules, name));
  }
}
