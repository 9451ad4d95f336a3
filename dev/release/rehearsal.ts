// `npm run release:rehearse`: the release as users meet it, before the real one. The four packages
// are published to a local registry (registry.ts) as the release job publishes them (`npm publish`
// of each, without provenance, which only CI can sign); what the registry then serves is read as npm
// reads it (each version's `bin`, `exports`, `types`, `engines`, and its dependencies on the others,
// against the versions published); then, on each Node line, a fresh project outside the checkout
// installs the client and the command line by name from that registry, runs `npx shipping-api
// --version`, and runs the README's client snippet against the sandbox installed with them; last,
// publishing a version again must be refused. Every step runs; each failure is one problem.
import { execFile, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { settingOf } from 'shipping-api-v3-sandbox/settings';
import { PACKAGES } from '../packaging/build-packages.ts';
import { root } from '../paths.ts';
import { node22 } from '../toolchains.ts';
import { makeTempDir } from '../tools.ts';
import { type LocalRegistry, printed, spawnGroup, startRegistry, stopGroup } from './registry.ts';

export interface RehearsalOptions {
  /** The folder holding the packages' folders (contract/, client/, sandbox/, cli/): the checkout's packages/ unless given. */
  packages?: string;
  /** The Node binaries to install and run on, by name: Node 22 (toolchains/node22) and Node 24 unless given. */
  nodes?: Record<string, string>;
  /** Where each step's result goes, a line each. */
  log?: (line: string) => void;
}

/** The packages a user installs by name; the contract and the sandbox come with them. */
const INSTALLED = ['client', 'cli'] as const;
/** The longest a step's process may take. */
const STEP_MS = 300_000;
/** What npm says when the registry refuses a version it has. */
const REFUSED = /cannot publish over|EPUBLISHCONFLICT|E409|E403/i;
/** The condition that points the packages at their src/ in this repository, which is not published. */
const SOURCE_CONDITION = 'shipping-api-source';

interface Manifest {
  name: string;
  version: string;
  bin?: string | Record<string, string>;
  exports?: unknown;
  types?: string;
  main?: string;
  engines?: { node?: string };
  dependencies?: Record<string, string>;
  publishConfig?: Record<string, unknown>;
}

const manifestIn = (dir: string): Manifest => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

/** npm's own command lines, to run on any Node: the npm that runs this, or the one on PATH. */
function npmCommands(): { npm: string; npx: string } {
  const running = process.env.npm_execpath;
  const bin =
    running && /np[mx]-cli\.js$/.test(running)
      ? path.dirname(running)
      : path.join(spawnSync('npm', ['root', '-g'], { encoding: 'utf8' }).stdout.trim(), 'npm', 'bin');
  return { npm: path.join(bin, 'npm-cli.js'), npx: path.join(bin, 'npx-cli.js') };
}

/**
 * A cache for npm in `dir`, holding the tarballs of the packages' dependencies at the versions of the
 * root lockfile, linked (or copied) from the user's cache where it has them. npm finds a tarball in its
 * cache by its integrity, whatever registry names it; the documents the local registry serves name
 * its revision, new at every run, and would otherwise pile up in the user's cache (some 16 MB a run).
 */
function seededCache(dir: string): string {
  const configured = spawnSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).stdout?.trim();
  const from = path.join(configured || path.join(homedir(), '.npm'), '_cacache', 'content-v2');
  const into = path.join(dir, '_cacache', 'content-v2');
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { integrity?: string; dev?: boolean }>;
  };
  for (const { integrity, dev } of Object.values(lock.packages)) {
    const [algorithm, digest] = integrity?.split('-') ?? [];
    if (dev || !algorithm || !digest) continue;
    const hex = Buffer.from(digest, 'base64').toString('hex');
    const file = path.join(algorithm, hex.slice(0, 2), hex.slice(2, 4), hex.slice(4));
    if (!existsSync(path.join(from, file))) continue;
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    try {
      linkSync(path.join(from, file), path.join(into, file));
    } catch {
      copyFileSync(path.join(from, file), path.join(into, file));
    }
  }
  return dir;
}

/**
 * A user's environment on one Node line: none of npm's variables of this run nor this repository's
 * Node options or node_modules/.bin; a folder holding that `node` alone first on PATH; npm pointed at
 * the local registry by a user file of its own (never the user's ~/.npmrc and its tokens), with the
 * rehearsal's own cache (seededCache).
 */
function userEnv(bin: string, registry: LocalRegistry, cache: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^(npm_|NODE_OPTIONS$|INIT_CWD$|VITEST|TEST$|NODE_ENV$)/i.test(name)) env[name] = value;
  const rest = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !dir.startsWith(root) && !dir.includes(`${path.sep}node_modules${path.sep}`));
  env.PATH = [bin, ...rest].join(path.delimiter);
  env.npm_config_userconfig = registry.userconfig;
  env.npm_config_cache = cache;
  env.npm_config_update_notifier = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  return env;
}

/** The last lines of a process's output, for a problem's message. */
const tail = (text: string, lines = 12) => text.trim().split('\n').slice(-lines).join('\n');

/** The files a published tarball holds, relative to its package folder (ustar names, and pax paths where longer). */
function tarballFiles(gzipped: Buffer): Set<string> {
  const tar = gunzipSync(gzipped);
  const files = new Set<string>();
  let paxPath: string | undefined;
  for (let at = 0; at + 512 <= tar.length; ) {
    const header = tar.subarray(at, at + 512);
    if (header.every((byte) => byte === 0)) break;
    const text = (from: number, to: number) => header.subarray(from, to).toString('utf8').replace(/\0.*$/s, '');
    const size = Number.parseInt(text(124, 136).trim() || '0', 8);
    const type = String.fromCharCode(header[156] || 0x30);
    const body = tar.subarray(at + 512, at + 512 + size).toString('utf8');
    if (type === 'x') paxPath = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(body)?.[1];
    else {
      const name = paxPath ?? [text(345, 500), text(0, 100)].filter(Boolean).join('/');
      if (type === '0') files.add(name.replace(/^[^/]+\//, ''));
      paxPath = undefined;
    }
    at += 512 + Math.ceil(size / 512) * 512;
  }
  return files;
}

/** Every file an `exports` map names, with where it names it; the source condition left out. */
function exportTargets(exports: unknown, at = 'exports'): [string, string][] {
  if (typeof exports === 'string') return [[at, exports]];
  if (Array.isArray(exports)) return exports.flatMap((target, i) => exportTargets(target, `${at}[${i}]`));
  if (exports && typeof exports === 'object')
    return Object.entries(exports)
      .filter(([key]) => key !== SOURCE_CONDITION)
      .flatMap(([key, target]) => exportTargets(target, `${at}[${JSON.stringify(key)}]`));
  return [];
}

/** What npm reads of one published version, against what its tarball holds and what the registry has: its problems. */
async function publishedProblems(registry: LocalRegistry, expected: Manifest, ours: string[]): Promise<string[]> {
  const packument = async (name: string) => {
    const response = await fetch(new URL(encodeURIComponent(name), registry.url));
    return response.ok
      ? ((await response.json()) as { versions: Record<string, Manifest & { dist: { tarball: string } }> })
      : undefined;
  };
  const published = (await packument(expected.name))?.versions[expected.version];
  if (!published) return [`the registry has no ${expected.name}@${expected.version}`];
  const files = tarballFiles(Buffer.from(await (await fetch(published.dist.tarball)).arrayBuffer()));
  const named: [string, string][] = [
    ...(typeof published.bin === 'string'
      ? ([['bin', published.bin]] as [string, string][])
      : Object.entries(published.bin ?? {}).map(([command, file]): [string, string] => [`bin ${command}`, file])),
    ...exportTargets(published.exports),
    ...(['types', 'main'] as const).flatMap((field) =>
      published[field] ? [[field, published[field]] as [string, string]] : [],
    ),
  ];
  /** Each file the package does not hold, with the fields that name it. */
  const missing = new Map<string, string[]>();
  for (const [where, file] of named)
    if (!files.has(path.posix.normalize(file))) missing.set(file, [...(missing.get(file) ?? []), where]);
  const problems = [...missing].map(
    ([file, where]) =>
      `it does not hold ${file}, which ${where.join(' and ')} ${where.length === 1 ? 'names' : 'name'}`,
  );
  if (!published.engines?.node) problems.push('it states no engines.node');
  for (const [dependency, range] of Object.entries(published.dependencies ?? {})) {
    if (!ours.includes(dependency)) continue;
    const versions = Object.keys((await packument(dependency))?.versions ?? {});
    if (!versions.includes(range))
      problems.push(
        `it depends on ${dependency}@${range}, which the registry does not have (it has ${versions.join(', ') || 'none'})`,
      );
  }
  return problems;
}

/** The README's client snippet (its Quick start's TypeScript block): its code, what its comment says it prints, its base URL and credentials. */
export function readmeSnippet(): { code: string; prints: string; baseUrl: string; username: string; apiKey: string } {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Quick start\n');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const [prints, baseUrl, username, apiKey] = [
    /^console\.log\(.*\); \/\/ (.*)$/m,
    /baseUrl: '([^']+)'/,
    /username: '([^']+)'/,
    /apiKey: '([^']+)'/,
  ].map((pattern) => pattern.exec(code)?.[1]);
  if (start < 0 || !prints || !baseUrl || !username || !apiKey)
    throw new Error(
      "README.md's Quick start has no client snippet with a baseUrl, credentials and the output of its console.log",
    );
  return { code, prints, baseUrl, username, apiKey };
}

/** Starts `npx shipping-api sandbox` in the project, on a free port; resolves with its process and base URL. */
async function startInstalledSandbox(npx: string, node: string, dir: string, env: NodeJS.ProcessEnv) {
  // A free port; the setup file made at once, polls not throttled.
  const flags = (['generationMs', 'minPollMs'] as const).flatMap((option) => [`--${settingOf(option).flag}`, '0']);
  const args = [npx, 'shipping-api', 'sandbox', '--port', '0', ...flags];
  const child = spawnGroup(node, args, { cwd: dir, env });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  try {
    await printed(child, 'npx shipping-api sandbox', /^http\S+\n/, 60_000, () => `${stdout}${stderr}`);
  } catch (error) {
    await stopGroup(child);
    throw error;
  }
  return { child, baseUrl: stdout.split('\n')[0]! };
}

interface Ran {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a process to its end (STEP_MS at most), without holding up the others: the Node lines run side by side. */
function run(node: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(
      node,
      args,
      { cwd, env, encoding: 'utf8', timeout: STEP_MS, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ status: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** A failed process's words: its exit status and the last lines it printed. */
const failure = (ran: Ran) => new Error(`exit ${ran.status}: ${tail(`${ran.stdout}${ran.stderr}`)}`);

/** The release rehearsal; resolves with its problems, none when the packages can be released. */
export async function rehearseRelease({
  packages = path.join(root, 'packages'),
  nodes = { 'Node 22': node22(), 'Node 24': path.join(root, 'node_modules/.bin/node') },
  log = console.log,
}: RehearsalOptions = {}): Promise<string[]> {
  const problems: string[] = [];
  /** Runs one step: its line says ok or FAIL, what it found and how long it took; a failure is a problem. */
  const step = async (name: string, fn: () => Promise<string | undefined>): Promise<boolean> => {
    const started = performance.now();
    const seconds = () => `(${((performance.now() - started) / 1000).toFixed(1)} s)`;
    try {
      const detail = await fn();
      log(`ok    ${name}${detail ? `: ${detail}` : ''} ${seconds()}`);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      problems.push(`${name}: ${message}`);
      log(`FAIL  ${name}: ${message} ${seconds()}`);
      return false;
    }
  };
  const manifests = PACKAGES.map((folder) => ({
    folder,
    dir: path.join(packages, folder),
    ...manifestIn(path.join(packages, folder)),
  }));
  const leaking = manifests.filter((manifest) => manifest.publishConfig?.registry !== undefined);
  if (leaking.length > 0)
    return [
      `${leaking.map((m) => m.name).join(', ')}: publishConfig names a registry, which a rehearsal would publish to`,
    ];
  const byFolder = (folder: string) => manifests.find((manifest) => manifest.folder === folder)!;
  const { npm, npx } = npmCommands();
  const registry = await startRegistry();
  const { dir: work, remove } = makeTempDir('shipping-release-');
  log(`Verdaccio at ${registry.url}, its storage in ${registry.dir}; the projects in ${work}`);
  try {
    /** A folder holding this `node` alone, for the front of PATH. */
    const binOf = (name: string, node: string) => {
      const bin = path.join(work, 'bin', name);
      mkdirSync(bin, { recursive: true });
      symlinkSync(node, path.join(bin, 'node'));
      return bin;
    };
    // npm publish runs on the toolchain's Node, as the release job's on its Node 24.
    const toolchainNode = path.join(root, 'node_modules/.bin/node');
    const cache = seededCache(path.join(work, 'npm-cache'));
    const publishEnv = userEnv(binOf('publish', toolchainNode), registry, cache);
    const publish = (dir: string) =>
      run(
        toolchainNode,
        [npm, 'publish', '--provenance=false', '--access', 'public', '--registry', registry.url],
        dir,
        publishEnv,
      );

    for (const manifest of manifests)
      await step(`npm publish ${manifest.name}@${manifest.version} (packages/${manifest.folder})`, async () => {
        const published = await publish(manifest.dir);
        if (published.status !== 0) throw failure(published);
        return undefined;
      });
    const ours = manifests.map((manifest) => manifest.name);
    for (const manifest of manifests)
      await step(`${manifest.name}@${manifest.version} as the registry serves it`, async () => {
        const found = await publishedProblems(registry, manifest, ours);
        if (found.length > 0) throw new Error(found.join('; '));
        return 'its bin, exports, types, engines and dependencies on the others hold';
      });

    const names = INSTALLED.map((folder) => byFolder(folder).name);
    const snippet = readmeSnippet();
    const { version } = byFolder('cli');
    /** One Node line: a fresh project installs by name, runs the command line and the README's snippet. */
    const line = async (name: string, node: string) => {
      const slug = name.replace(/\W+/g, '-').toLowerCase();
      const env = userEnv(binOf(slug, node), registry, cache);
      const project = path.join(work, slug);
      mkdirSync(project);
      writeFileSync(
        path.join(project, 'package.json'),
        JSON.stringify({ name: 'rehearsal', private: true, type: 'module' }),
      );
      const installed = await step(`${name}: npm install ${names.join(' ')} in a fresh project`, async () => {
        const result = await run(node, [npm, 'install', ...names], project, env);
        if (result.status !== 0) throw failure(result);
        return names.map((pkg) => `${pkg}@${manifestIn(path.join(project, 'node_modules', pkg)).version}`).join(', ');
      });
      if (!installed) return;
      await step(`${name}: npx shipping-api --version`, async () => {
        const result = await run(node, [npx, 'shipping-api', '--version'], project, env);
        if (result.status !== 0 || result.stdout.trim() !== version) throw failure(result);
        return result.stdout.trim();
      });
      await step(
        `${name}: the README's client snippet against the sandbox installed (npx shipping-api sandbox)`,
        async () => {
          const sandbox = await startInstalledSandbox(npx, node, project, env);
          try {
            // The setup file requested once already, as by an earlier run: the snippet's first poll finds
            // it COMPLETED (the sandbox makes it at once) instead of waiting the client's 15 s between polls.
            const authorization = `Basic ${Buffer.from(`${snippet.username}:${snippet.apiKey}`).toString('base64')}`;
            const requested = await fetch(`${sandbox.baseUrl}/setups/carriers`, { headers: { authorization } });
            if (!requested.ok) throw new Error(`the sandbox answered ${requested.status} to GET /setups/carriers`);
            writeFileSync(
              path.join(project, 'readme-client.mjs'),
              snippet.code.replaceAll(snippet.baseUrl, sandbox.baseUrl),
            );
            const result = await run(node, ['readme-client.mjs'], project, env);
            if (result.status !== 0 || result.stdout.trim() !== snippet.prints) throw failure(result);
            return result.stdout.trim();
          } finally {
            await stopGroup(sandbox.child);
          }
        },
      );
    };
    await Promise.all(Object.entries(nodes).map(([name, node]) => line(name, node)));

    const again = manifests[0]!;
    await step(`npm publish ${again.name}@${again.version} again is refused`, async () => {
      const result = await publish(again.dir);
      const refusal = `${result.stdout}${result.stderr}`.split('\n').find((text) => REFUSED.test(text));
      if (result.status === 0) throw new Error('the registry took the same version twice');
      if (!refusal) throw failure(result);
      return refusal.trim();
    });
  } finally {
    await registry.stop();
    remove();
  }
  return problems;
}
