// The toolchains that one part alone uses, kept out of the root install (toolchains/README.md): each
// a folder of toolchains/ with its own package.json and lockfile, installed by the part that uses it
// (`npm ci --prefer-offline`: from npm's cache when the packages are in it) the first time it runs,
// and again only when its package.json or lockfile changes: a stamp in its node_modules says what it
// was installed from. The parts of `npm run check` name theirs (PARTS of dev/check.ts); a vitest
// project installs its part's before its tests (tests/support/runner/toolchains.ts).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { npm } from './packaging/footprint.ts';
import { root } from './paths.ts';

/** The toolchains, each a folder of toolchains/. */
export const TOOLCHAINS = ['bench', 'generators', 'lint', 'node22', 'prism', 'registry'] as const;
export type Toolchain = (typeof TOOLCHAINS)[number];

export const toolchainDir = (name: Toolchain) => path.join(root, 'toolchains', name);

const stampOf = (name: Toolchain) => path.join(toolchainDir(name), 'node_modules', '.toolchain-installed');

/** What an install is made from: the package.json, the lockfile, and the platform npm chose binaries for. */
function fingerprint(name: Toolchain): string {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json'])
    hash.update(readFileSync(path.join(toolchainDir(name), file)));
  return hash.update(`${process.platform}-${process.arch}`).digest('hex');
}

/** Whether the toolchain is installed from its present package.json and lockfile. */
export function toolchainInstalled(name: Toolchain): boolean {
  return existsSync(stampOf(name)) && readFileSync(stampOf(name), 'utf8') === fingerprint(name);
}

const lockOf = (name: Toolchain) => path.join(toolchainDir(name), '.installing');

/** Whether the process `pid` runs (a signal 0 reaches it, or it is someone else's). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Runs `fn` holding the toolchain's install lock (a folder, made or not in one step, with the pid of
 * its holder): two parts of `npm run check` that use one toolchain may start at once, and two npm ci
 * in one folder break each other. A lock whose holder is gone is taken over.
 */
function whileLocked<T>(name: Toolchain, fn: () => T, log: (line: string) => void): T {
  const lock = lockOf(name);
  const pause = new Int32Array(new SharedArrayBuffer(4));
  for (let said = false; ; ) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: number | undefined;
    try {
      holder = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
    } catch {
      // Made, its pid not written yet: its holder runs.
    }
    if (holder !== undefined && !running(holder)) rmSync(lock, { recursive: true, force: true });
    else {
      if (!said) log(`toolchains/${name}: another process is installing it; waiting`);
      said = true;
      Atomics.wait(pause, 0, 0, 250);
    }
  }
  try {
    writeFileSync(path.join(lock, 'pid'), String(process.pid));
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Installs the toolchain from its lockfile unless it is installed from it already; returns whether it
 * installed. npm ci prefers its cache to the registry; it fails, with npm's own words, where the
 * cache lacks a package and the registry cannot be reached. One process at a time installs a
 * toolchain; another waits for it, then finds it installed.
 */
export function installToolchain(name: Toolchain, log: (line: string) => void = console.error): boolean {
  if (toolchainInstalled(name)) return false;
  return whileLocked(
    name,
    () => {
      if (toolchainInstalled(name)) return false;
      const started = performance.now();
      log(`toolchains/${name}: installing from its lockfile (npm ci --prefer-offline)`);
      const installed = npm(
        ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'],
        toolchainDir(name),
      );
      if (installed.status !== 0)
        throw new Error(`npm ci in toolchains/${name} failed:\n${`${installed.stdout}${installed.stderr}`.trim()}`);
      writeFileSync(stampOf(name), fingerprint(name));
      log(`toolchains/${name}: installed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return true;
    },
    log,
  );
}

/** The folder of a toolchain, after installing it: where its packages resolve from (the `from` of runBin and binPath). */
export function installedToolchain(name: Toolchain): string {
  installToolchain(name);
  return toolchainDir(name);
}

/** Loads a package of a toolchain as its own modules would (CommonJS), after installing the toolchain. */
export const toolchainModule = <T>(name: Toolchain, pkg: string): T =>
  createRequire(path.join(installedToolchain(name), 'package.json'))(pkg) as T;

/** The node_modules folder of a toolchain, after installing it. */
export const toolchainModules = (name: Toolchain): string => path.join(installedToolchain(name), 'node_modules');

/** The Node 22 binary of toolchains/node22, after installing it. */
export const node22 = () => path.join(toolchainModules('node22'), '.bin', 'node');
