// The packages as a user gets them: packed with npm pack and installed from their tarballs into an
// empty project (offline, at the versions of this repository's lockfile), and what that costs: the
// packages npm lays out under node_modules, and the bytes they take on disk. The package test holds
// the client to CLIENT_FOOTPRINT; the bench prints it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGES, packageDir } from './build-packages.ts';
import { root } from '../paths.ts';

/** The most a project that installs the client alone may hold: packages, and bytes on disk. */
export const CLIENT_FOOTPRINT = { packages: 5, bytes: 1.5 * 1024 * 1024 };

/** The packages installed under a node_modules folder (scoped and nested ones too), by their folder. */
export function installedPackages(modules: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(modules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dir = path.join(modules, entry.name);
    const inside = entry.name.startsWith('@') ? readdirSync(dir).map((name) => path.join(dir, name)) : [dir];
    for (const pkg of inside) {
      found.push(path.relative(modules, pkg));
      const nested = path.join(pkg, 'node_modules');
      if (statSync(nested, { throwIfNoEntry: false })?.isDirectory())
        found.push(
          ...installedPackages(nested).map((name) => path.join(path.relative(modules, pkg), 'node_modules', name)),
        );
    }
  }
  return found;
}

/** Bytes on disk of the files under dir (what du counts, in 4 KiB blocks rounded up). */
export function diskBytes(dir: string): number {
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) bytes += Math.ceil(statSync(path.join(entry.parentPath, entry.name)).size / 4096) * 4096;
  }
  return bytes;
}

/** A package's package.json, by its folder name under packages/. */
export const manifestOf = (name: string) =>
  JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    bin?: Record<string, string>;
    dependencies?: Record<string, string>;
  };
/** The environment of a user's process: none of this repository's Node options (its source condition). */
export const userEnv = (): NodeJS.ProcessEnv => {
  const { NODE_OPTIONS: _, ...env } = process.env;
  return env;
};
/** npm itself: the one running the tests when there is one, else the first on PATH. */
export function npm(args: string[], cwd: string) {
  const cli = process.env.npm_execpath;
  const [command, prefix] = cli?.endsWith('.js') ? [process.execPath, [cli]] : ['npm', []];
  return spawnSync(command, [...prefix, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...userEnv(), npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' },
  });
}

type LockEntry = { version?: string; dependencies?: Record<string, string>; dev?: boolean; link?: boolean };

/**
 * The lockfile of a project that installs these packages from their tarballs: the tarballs, and the
 * packages of this repository's lockfile that they need, found as Node finds them (nested, then up
 * the folders), which is the tree a user installs; npm ci then needs no registry.
 */
function lockOf(name: string, packages: string[], tarballs: Record<string, string>) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const entries: Record<string, unknown> = {};
  const dependencies: Record<string, string> = {};
  const wanted: Array<[string, string]> = [];
  // A version that npm keeps in a workspace's own node_modules (another version is at the root) is
  // installed under the package in the project, where npm puts it for a user.
  const workspaces = packages.map((pkg) => [`packages/${pkg}/`, `node_modules/${manifestOf(pkg).name}/`] as const);
  const inProject = (location: string) => {
    const workspace = workspaces.find(([from]) => location.startsWith(from));
    return workspace ? `${workspace[1]}${location.slice(workspace[0].length)}` : location;
  };
  for (const pkg of packages) {
    const manifest = manifestOf(pkg);
    dependencies[manifest.name] = `file:${tarballs[pkg]}`;
    entries[`node_modules/${manifest.name}`] = { ...manifest, resolved: `file:${tarballs[pkg]}` };
    for (const dep of Object.keys(manifest.dependencies ?? {})) wanted.push([`packages/${pkg}`, dep]);
  }
  const names = new Set(packages.map((pkg) => manifestOf(pkg).name));
  while (wanted.length > 0) {
    const [from, dep] = wanted.pop()!;
    if (names.has(dep)) continue;
    let location: string | undefined;
    for (
      let at = from;
      location === undefined;
      at = at.includes('/node_modules/') ? at.slice(0, at.lastIndexOf('/node_modules/')) : ''
    ) {
      const candidate = `${at ? `${at}/` : ''}node_modules/${dep}`;
      if (lock.packages[candidate] && !lock.packages[candidate].link) location = candidate;
      else if (at === '') throw new Error(`${dep} (needed by ${from || 'the project'}) is not in package-lock.json`);
    }
    if (inProject(location) in entries) continue;
    const { dev: _, ...entry } = lock.packages[location]!;
    entries[inProject(location)] = entry;
    for (const next of Object.keys(entry.dependencies ?? {})) wanted.push([location, next]);
  }
  return { name, lockfileVersion: 3, requires: true, packages: { '': { name, dependencies }, ...entries } };
}

/** An empty project in `work` with these packages installed from their tarballs (by folder name); throws npm's words when it fails. */
export function installFromTarballs(
  work: string,
  name: string,
  packages: string[],
  tarballs: Record<string, string>,
): string {
  const dir = path.join(work, name);
  mkdirSync(dir, { recursive: true });
  const dependencies = Object.fromEntries(packages.map((pkg) => [manifestOf(pkg).name, `file:${tarballs[pkg]}`]));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true, type: 'module', dependencies }));
  writeFileSync(path.join(dir, 'package-lock.json'), JSON.stringify(lockOf(name, packages, tarballs)));
  const installed = npm(['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], dir);
  if (installed.status !== 0) throw new Error(`npm ci of ${packages.join(', ')} failed:\n${installed.stderr}`);
  return dir;
}

/** Each package packed into `work` with npm pack: its tarball and the files it ships, by folder name. */
export function packPackages(work: string): Record<string, { tarball: string; files: string[] }> {
  const packed: Record<string, { tarball: string; files: string[] }> = {};
  for (const name of PACKAGES) {
    const result = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], packageDir(name));
    if (result.status !== 0) throw new Error(`npm pack of packages/${name} failed:\n${result.stderr}`);
    const [{ filename, files }] = JSON.parse(result.stdout) as [{ filename: string; files: { path: string }[] }];
    packed[name] = { tarball: path.join(work, filename), files: files.map((file) => file.path) };
  }
  return packed;
}
