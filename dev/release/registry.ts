// A local npm registry for the release rehearsal (rehearsal.ts): Verdaccio of toolchains/registry,
// on a free loopback port, its storage and its users in a temporary folder, leading a process group
// of its own, stopped with that group. The project's own packages live in it alone; every other
// package it fetches from the registry npm is configured with (its uplink), as a user's install does.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../cli.ts';
import { toolchainModules } from '../toolchains.ts';
import { makeTempDir } from '../tools.ts';

/** How long Verdaccio may take to listen, and to stop once asked. */
const START_MS = 60_000;
const STOP_MS = 10_000;

/** The packages that only the local registry holds: it asks its uplink for none of them. */
export const OWN_PACKAGES = 'shipping-api-v3-*';

export interface LocalRegistry {
  /** http://127.0.0.1:<port>/ */
  url: string;
  /** A user file for npm (`--userconfig`): this registry, and the token of a user allowed to publish. */
  userconfig: string;
  /** The folder of its storage, its configuration and the user file, removed by stop(). */
  dir: string;
  /** Ends its process group and removes its folder. */
  stop(): Promise<void>;
}

/** The registry npm itself uses: Verdaccio's uplink, as a user's install would reach it. */
function uplink(): string {
  const configured = spawnSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).stdout?.trim();
  return configured?.startsWith('http') ? configured : 'https://registry.npmjs.org/';
}

function configuration(dir: string): string {
  return [
    `storage: ${JSON.stringify(path.join(dir, 'storage'))}`,
    'auth:',
    '  htpasswd:',
    `    file: ${JSON.stringify(path.join(dir, 'htpasswd'))}`,
    'uplinks:',
    '  npmjs:',
    `    url: ${JSON.stringify(uplink())}`,
    '    timeout: 60s',
    'packages:',
    `  '${OWN_PACKAGES}':`,
    '    access: $all',
    '    publish: $authenticated',
    "  '**':",
    '    access: $all',
    '    publish: $authenticated',
    '    proxy: npmjs',
    'web:',
    '  enable: false',
    'log: { type: stdout, format: pretty, level: warn }',
    '',
  ].join('\n');
}

/**
 * Resolves when what the child printed so far (`output`) matches `pattern`; rejects, naming `what`,
 * when it exits first or `ms` pass.
 */
export function printed(
  child: ChildProcess,
  what: string,
  pattern: RegExp,
  ms: number,
  output: () => string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => done(new Error(`${what} did not start within ${ms / 1000} s:\n${output()}`)), ms);
    const onData = () => {
      if (pattern.test(output())) done();
    };
    const onExit = (code: number | null) => done(new Error(`${what} exited with ${code}:\n${output()}`));
    function done(error?: Error) {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      if (error) reject(error);
      else resolve();
    }
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/** The process groups started here and not stopped yet: ended when this process exits, however it exits. */
const groups = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of groups) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // The group has ended already.
    }
  }
});

/** Leads a process group of its own (out of reach of a terminal's Ctrl-C), ended by stopGroup or when this process exits. */
export function spawnGroup(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): ChildProcess {
  const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  groups.add(child);
  child.once('exit', () => groups.delete(child));
  return child;
}

/** Ends the process group the child leads: SIGTERM, then SIGKILL when it outlives STOP_MS. */
export async function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group has ended already.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), STOP_MS);
  await exited;
  clearTimeout(timer);
}

/** Creates a user by npm's own request (what `npm adduser` sends); returns its token. */
async function addUser(url: string): Promise<string> {
  const name = 'release-rehearsal';
  const response = await fetch(new URL(`-/user/org.couchdb.user:${name}`, url), {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'rehearsal-only', type: 'user', roles: [] }),
  });
  const body = (await response.json()) as { token?: string; error?: string };
  if (!response.ok || !body.token)
    throw new Error(`Verdaccio refused the user: ${response.status} ${body.error ?? ''}`);
  return body.token;
}

/** Starts Verdaccio on a free loopback port, with a user allowed to publish. */
export async function startRegistry(): Promise<LocalRegistry> {
  const verdaccio = path.join(toolchainModules('registry'), 'verdaccio', 'bin', 'verdaccio');
  const { dir, remove } = makeTempDir('shipping-registry-');
  const config = path.join(dir, 'config.yaml');
  writeFileSync(config, configuration(dir));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  const child = spawnGroup(process.execPath, [verdaccio, '--config', config, '--listen', `127.0.0.1:${port}`], {
    cwd: dir,
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const stop = async () => {
    await stopGroup(child);
    remove();
  };
  try {
    await printed(child, 'Verdaccio', /http address/, START_MS, () => output);
    const userconfig = path.join(dir, 'npmrc');
    const host = url.replace(/^http:/, '');
    writeFileSync(userconfig, `registry=${url}\n${host}:_authToken=${await addUser(url)}\n`);
    return { url, userconfig, dir, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
