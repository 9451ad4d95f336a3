// `npm run sandbox`: flags and SANDBOX_* variables, the printed base URL, a setup file refused at
// start with the JSON pointer of its first problem.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';
import { freePort } from '../../dev/cli.ts';
import { basic } from '../support/sandbox.ts';

const script = path.join(root, 'scripts/sandbox.ts');
/** Setup files: the example with the first carrier renamed; the example without a product code; not JSON. */
const fixture = (name: string) => path.join(root, 'tests/sandbox/fixtures', name);

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [script, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 30_000,
  });

describe('npm run sandbox', () => {
  it('prints its base URL, serves on the port of SANDBOX_PORT with the options of the flags, and stops on SIGTERM', async () => {
    const port = await freePort();
    const file = fixture('setup-file.json');
    const child = spawn(process.execPath, [script, '--generation-ms', '0', '--setup-file', file], {
      cwd: root,
      env: { ...process.env, SANDBOX_PORT: String(port), SANDBOX_MIN_POLL_MS: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    try {
      let output = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout!.on('data', (chunk) => {
          output += chunk;
          if (/\/api\/public\/v3/.test(output)) resolve();
        });
        child.stderr!.on('data', (chunk) => (output += chunk));
        child.once('exit', () => reject(new Error(`the sandbox exited:\n${output}`)));
      });
      const baseUrl = `http://127.0.0.1:${port}/api/public/v3`;
      expect(output).toContain(`Sandbox of the Shipping Service Public API v3: ${baseUrl}`);
      const headers = { authorization: basic('cli-user') };
      expect((await (await fetch(`${baseUrl}/setups/carriers`, { headers })).json()).status).toBe('REQUESTED');
      const completed = await (await fetch(`${baseUrl}/setups/carriers`, { headers })).json();
      expect(completed.status).toBe('COMPLETED');
      expect((await (await fetch(completed.url, { headers })).json())[0].name).toBe('A carrier of this test');
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
  });

  it('refuses a setup file that breaks the schema, naming the JSON pointer of the first problem', () => {
    const file = fixture('setup-file-without-product-code.json');
    const result = run([], { SANDBOX_SETUP_FILE: file, SANDBOX_PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `setupFile ${file}: breaks the carrier setup file schema at JSON pointer /0/products/0/code: is required.`,
    );
    expect(run(['--setup-file', fixture('not-json.json'), '--port', '0']).stderr).toMatch(/not JSON/);
  });

  it('refuses a flag value that is not a whole number', () => {
    const result = run(['--min-poll-ms', 'soon']);
    expect(result.status).not.toBe(0);
    expect(result.stderr).toMatch(/--min-poll-ms.*"soon" is not a whole number/);
  });
});
