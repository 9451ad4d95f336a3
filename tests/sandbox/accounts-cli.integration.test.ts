// Starting the sandbox with or without accounts from a command line (`shipping-api sandbox`, `npm run
// sandbox`): what it says it admits, a host other than loopback refused in one line without accounts,
// and an accounts file that becomes invalid while it runs: one line on stderr, the last good accounts kept.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';
import { writeAccounts } from '../support/fixtures/accounts.ts';
import { until } from '../support/harness/until.ts';
import { basic } from '../support/fixtures/basic.ts';
import { FROM_SOURCE, folder, MAIN, NODE, run, spawnCli } from '../support/harness/cli.ts';
import { statusOf } from '../support/harness/sandbox.ts';

const files = folder({});
afterAll(() => files.remove());
const script = path.join(root, 'scripts/sandbox.ts');

/** Starts a sandbox process; resolves once `ready` matches what it printed (stdout, then stderr), with that output. */
async function started(
  node: string,
  argv: string[],
  ready: RegExp,
): Promise<{ child: ChildProcess; output: { stdout: string; stderr: string }; exited: Promise<number | null> }> {
  const child = spawn(node, argv, {
    cwd: files.dir,
    env: { PATH: process.env.PATH, ...FROM_SOURCE },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const output = { stdout: '', stderr: '' };
  await new Promise<void>((resolve, reject) => {
    for (const stream of ['stdout', 'stderr'] as const)
      child[stream]!.on('data', (chunk) => {
        output[stream] += chunk;
        if (ready.test(output.stdout + output.stderr)) resolve();
      });
    child.once('exit', () => reject(new Error(`the sandbox exited:\n${output.stdout}${output.stderr}`)));
  });
  return { child, output, exited };
}

describe('shipping-api sandbox', () => {
  it('refuses a host other than loopback without accounts: exit 2 and one line saying why and how', async () => {
    const result = await spawnCli(['sandbox', '--host', '0.0.0.0', '--port', '0'], { cwd: files.dir });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toEqual([
      'shipping-api: The sandbox did not start: host 0.0.0.0 is not a loopback address, and without an accounts file the sandbox admits any API user: listen on 127.0.0.1, ::1 or localhost, or admit only the API users of an accounts file (--accounts <file>, SANDBOX_ACCOUNTS, or the accounts option).',
      '',
    ]);
    const fromVariable = await spawnCli(['sandbox', '--port', '0'], { cwd: files.dir, env: { SANDBOX_HOST: '::' } });
    expect(fromVariable.code).toBe(2);
    expect(fromVariable.stderr).toContain('host :: is not a loopback address');
  });

  it('says whom it admits in its help', async () => {
    const help = await run(['sandbox', '--help'], { cwd: files.dir });
    expect(help.stdout).toContain('--accounts <file>');
    expect(help.stdout).toContain('--host <address>');
    expect(help.stdout).toMatch(
      /Whom the sandbox admits:\n\s+without --accounts\s+any API user with a non-empty API key/,
    );
  });

  it('with accounts, says so, listens anywhere, and keeps the last good accounts when the file turns invalid', async () => {
    const file = path.join(files.dir, 'accounts.json');
    // Hashes of scrypt's lowest cost: what is tested is who is admitted, not what a check costs.
    await writeAccounts(file, { 'partner-1': 'partner-key-1' }, { cheap: true });
    const sandbox = await started(
      NODE,
      [MAIN, 'sandbox', '--accounts', 'accounts.json', '--host', '0.0.0.0', '--port', '0', '--min-poll-ms', '0'],
      /\/api\/public\/v3\n/,
    );
    try {
      const baseUrl = sandbox.output.stdout.trim();
      expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/public\/v3$/);
      // stderr is the sandbox's log: JSON lines.
      const messages = () =>
        sandbox.output.stderr
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as { level: number; msg: string });
      await until('the startup line', async () => messages().some((m) => m.msg.startsWith('Sandbox of')));
      expect(messages().find((m) => m.msg.startsWith('Sandbox of'))!.msg).toBe(
        `Sandbox of the Shipping Service Public API v3; it admits the API users of the accounts file ${file}, each with its own key. Ctrl-C stops it.`,
      );
      const carriers = `${baseUrl}/setups/carriers`;
      expect(await statusOf(carriers, basic('partner-1', 'partner-key-1'))).toBe(200);
      expect(await statusOf(carriers, basic('anyone', 'any key'))).toBe(401);

      writeFileSync(file, '{"version":1,"accounts":{"partner-1":{"key":"partner-key-1"}}}');
      await until('the line about the invalid file', async () => messages().some((m) => m.msg.startsWith('accounts')));
      expect(messages().filter((m) => m.msg.startsWith('accounts'))).toEqual([
        {
          ...messages().find((m) => m.msg.startsWith('accounts')),
          level: 40,
          msg: `accounts ${file}: breaks the accounts file format at JSON pointer /accounts/partner-1/key: is not the hash of a key as shipping-api sandbox-accounts add writes it: it is not six fields scrypt$N$r$p$<salt>$<hash>. The accounts read last stay in force (1 API user).`,
        },
      ]);
      expect(sandbox.output.stderr).not.toContain('partner-key-1');
      expect(await statusOf(carriers, basic('partner-1', 'partner-key-1'))).toBe(200);

      await writeAccounts(file, { 'partner-2': 'partner-key-2' }, { cheap: true });
      await until(
        'partner-2 to be admitted',
        async () => (await statusOf(carriers, basic('partner-2', 'partner-key-2'))) === 200,
      );
      expect(await statusOf(carriers, basic('partner-1', 'partner-key-1'))).toBe(401);
    } finally {
      sandbox.child.kill('SIGINT');
    }
    expect(await sandbox.exited).toBe(0);
  });
});

describe('npm run sandbox (shipping-api sandbox from the checkout)', () => {
  it('says in its log whom it admits, with accounts and without', async () => {
    await writeAccounts(path.join(files.dir, 'banner.json'), { 'partner-3': 'partner-key-3' }, { cheap: true });
    for (const [argv, admits] of [
      [[], 'any API user with a non-empty API key, on loopback only'],
      [
        ['--accounts', 'banner.json'],
        `the API users of the accounts file ${path.join(files.dir, 'banner.json')}, each with its own key`,
      ],
    ] as const) {
      const sandbox = await started(
        process.execPath,
        [script, '--port', '0', ...argv],
        /^(?=[\s\S]*it admits)(?=[\s\S]*\/v3\n)/,
      );
      try {
        expect(sandbox.output.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/public\/v3\n$/);
        expect(sandbox.output.stderr).toContain(`; it admits ${admits}. Ctrl-C stops it.`);
      } finally {
        sandbox.child.kill('SIGTERM');
      }
      expect(await sandbox.exited).toBe(0);
    }
  });

  it('refuses a host other than loopback without accounts, in one line', () => {
    const result = spawnSync(process.execPath, [script, '--port', '0', '--host', '192.0.2.1'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(2);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(
      /^shipping-api: The sandbox did not start: host 192\.0\.2\.1 is not a loopback address.*--accounts <file>/,
    );
  });
});
