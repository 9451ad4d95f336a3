// The README's quick start, as a user types it: the repository copied (its tracked files and any new
// ones, as a clone of this working tree would hold them) into a folder whose path has a space,
// `npm install`, then `npx shipping-api --version`, `npm start` and the README's curl lines against
// it, and the README's client snippet. The commands run in a user's environment (none of npm's
// variables of this run, not this repository's node_modules/.bin on PATH); npm installs offline,
// from its cache, which installing this repository filled. `npm test`, also in the quick start, is
// what the other parts of `npm run check` run.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../dev/cli.ts';
import { root } from '../../dev/paths.ts';
import { tempDirForTests } from '../support/harness/temp.ts';
import { until } from '../support/harness/until.ts';

const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const clone = path.join(tempDirForTests('shipping-quickstart-'), 'my clone of the contract');

/** The fenced blocks of a README section (up to the next heading of the same level or higher). */
function blocks(section: string, lang: string): string[] {
  const start = readme.indexOf(`\n## ${section}\n`);
  if (start < 0) throw new Error(`README.md has no section "## ${section}"`);
  const next = readme.indexOf('\n## ', start + 1);
  const text = readme.slice(start, next < 0 ? undefined : next);
  return [...text.matchAll(new RegExp(`\`\`\`${lang}\\n([^]*?)\`\`\``, 'g'))].map((match) => match[1]!);
}

/** The README's command lines of a block: comments and continuation lines of comments dropped. */
const commands = (block: string) =>
  block
    .split('\n')
    .map((line) => line.replace(/\s+#.*$/, '').trim())
    .filter((line) => line && !line.startsWith('#'));

/** The environment of a user's shell: no variable of npm's run of these tests, no node_modules/.bin of this repository. */
function userShell(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!/^(npm_|NODE_OPTIONS$|INIT_CWD$|VITEST|TEST$|NODE_ENV$)/i.test(name)) env[name] = value;
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.startsWith(root) && !dir.includes(`${path.sep}node_modules${path.sep}`))
    .join(path.delimiter);
  // From npm's cache only: a test reaches nothing beyond loopback.
  env.npm_config_offline = 'true';
  env.npm_config_audit = 'false';
  env.npm_config_fund = 'false';
  env.npm_config_update_notifier = 'false';
  return env;
}

const shell = (line: string, env = userShell()) =>
  spawnSync('bash', ['-c', line], { cwd: clone, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** The files a clone of this working tree holds: what git tracks, and new files it does not ignore. */
function copyAsCloned(): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(path.dirname(path.join(clone, file)), { recursive: true });
    try {
      cpSync(path.join(root, file), path.join(clone, file));
    } catch (error) {
      // A file git still tracks but the working tree has just removed is not in a clone of it either.
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

// The command lines of the quick start: `npm install` in a block of its own, then the others.
const setup = blocks('Quick start', 'sh')
  .filter((block) => !block.includes('curl'))
  .join('\n');
const curlBlock = blocks('Quick start', 'sh').find((block) => block.includes('curl'));
const [snippet] = blocks('Quick start', 'ts');

let install: ReturnType<typeof shell>;
beforeAll(() => {
  copyAsCloned();
  expect(commands(setup)[0]).toBe('npm install');
  install = shell('npm install');
}, 600_000);

describe('the README quick start, in a fresh copy whose path has a space', () => {
  it('npm install succeeds', () => {
    expect(install.status, install.stderr.slice(-4000)).toBe(0);
  });

  it('npx shipping-api --version answers straight after npm install', () => {
    const cli = JSON.parse(readFileSync(path.join(root, 'packages/cli/package.json'), 'utf8'));
    expect(readme).toContain('npx shipping-api');
    const result = shell('npx shipping-api --version');
    expect(result.stderr).toBe('');
    expect(result.stdout.trim()).toBe(cli.version);
  });

  describe('npm start', () => {
    let server: ChildProcess | undefined;
    let output = '';
    const ports = { docs: 0, mock: 0, sandbox: 0 };

    beforeAll(async () => {
      expect(commands(setup)).toContain('npm start');
      ports.docs = await freePort();
      ports.mock = await freePort();
      ports.sandbox = await freePort();
      // The README names the ports' variables; free ones here, as a user on a busy machine sets them.
      const env = {
        ...userShell(),
        DOCS_PORT: `${ports.docs}`,
        MOCK_PORT: `${ports.mock}`,
        SANDBOX_PORT: `${ports.sandbox}`,
      };
      server = spawn('npm', ['start'], { cwd: clone, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
      server.stdout!.on('data', (chunk) => (output += chunk));
      server.stderr!.on('data', (chunk) => (output += chunk));
      await until(
        'npm start says how to stop it',
        () => output.includes('Press Ctrl-C') || server!.exitCode !== null,
        120_000,
      );
      expect(output).toContain('Press Ctrl-C');
    }, 180_000);

    /** Whether a process of npm start's group is still running. */
    const groupAlive = () => {
      try {
        process.kill(-server!.pid!, 0);
        return true;
      } catch {
        return false;
      }
    };

    afterAll(async () => {
      if (server && groupAlive()) process.kill(-server.pid!, 'SIGKILL');
    });

    it("answers each of the README's curl lines with 2xx and a body", () => {
      const lines = commands(curlBlock!).filter((line) => line.startsWith('curl '));
      expect(lines.length).toBeGreaterThanOrEqual(3);
      for (const line of lines) {
        const asRun = line.replaceAll(':4010/', `:${ports.mock}/`);
        const result = shell(`${asRun} -sS -o body -w '%{http_code}'`);
        expect(result.stderr, line).toBe('');
        expect(result.stdout, line).toMatch(/^20[06]$/);
        expect(readFileSync(path.join(clone, 'body'), 'utf8').length, line).toBeGreaterThan(0);
      }
    });

    it('runs the client snippet and prints what its comment says', () => {
      const expected = /^console\.log\(.*\); \/\/ (.*)$/m.exec(snippet!)?.[1];
      expect(expected).toBeDefined();
      writeFileSync(path.join(clone, 'quickstart.ts'), snippet!.replaceAll(':4010/', `:${ports.mock}/`));
      const result = shell('node_modules/.bin/node quickstart.ts');
      expect(result.stderr).toBe('');
      expect(result.stdout.trim()).toBe(expected);
    });

    it('stops on Ctrl-C (SIGINT to its process group, as a terminal sends it), every process with it, its ports free', async () => {
      process.kill(-server!.pid!, 'SIGINT');
      await until('every process of npm start to exit', () => !groupAlive(), 30_000);
      for (const port of Object.values(ports))
        expect(spawnSync('bash', ['-c', `exec 3<>/dev/tcp/127.0.0.1/${port}`]).status, `port ${port}`).not.toBe(0);
      expect(output).not.toMatch(/stopped unexpectedly|Error/);
    });
  });
});
