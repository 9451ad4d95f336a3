// `npm run sandbox`: flags and SANDBOX_* variables, the printed base URL, a setup file refused at
// start with the JSON pointer of its first problem.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLE_JSON, root } from '../../dev/paths.ts';
import { freePort } from '../../dev/cli.ts';
import { basic } from '../support/harness/sandbox.ts';
import { startSandboxProcess } from '../support/harness/sandbox-process.ts';
import { runScript } from '../support/harness/scripts.ts';

const script = path.join(root, 'scripts/sandbox.ts');
/** Setup files: the example with the first carrier renamed; the example without a product code; not JSON. */
const fixture = (name: string) => path.join(root, 'tests/sandbox/fixtures', name);

const run = (args: string[], env: Record<string, string> = {}) => runScript('sandbox.ts', args, { env });

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
      expect(output).toContain(`${baseUrl}\n`);
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
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(
      `shipping-api: The sandbox did not start: setupFile ${file}: breaks the carrier setup file schema at JSON pointer /0/products/0/code: is required.`,
    );
    expect(run(['--setup-file', fixture('not-json.json'), '--port', '0']).stderr).toMatch(/not JSON/);
  });

  it('refuses a flag value that is not a whole number, naming the flag', () => {
    const result = run(['--min-poll-ms', 'soon']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(
      'shipping-api: --min-poll-ms must be a whole number of milliseconds of at least 0 (got "soon").\n',
    );
  });

  it('refuses a variable value, naming the variable and the value, in one line with exit 2', () => {
    for (const [variable, value, takes] of [
      ['SANDBOX_CHECK_SHIPMENTS', 'yes', 'true, false, 1 or 0'],
      ['SANDBOX_PORT', '70000', 'a TCP port from 0 to 65535 (0: a free one)'],
      ['SANDBOX_URL_TTL_MS', '0', 'a whole number of milliseconds of at least 1'],
      ['SANDBOX_LOG_LEVEL', 'loud', 'one of fatal, error, warn, info, debug, trace, silent'],
    ] as const) {
      const result = run([], { [variable]: value });
      expect(result.status, variable).toBe(2);
      expect(result.stderr, variable).toBe(`shipping-api: ${variable} must be ${takes} (got "${value}").\n`);
    }
  });
});

describe('SANDBOX_CHECK_SHIPMENTS, a boolean variable', () => {
  const example = () =>
    structuredClone(JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')).components.examples.ShipmentCreate.value);
  /** The status of a shipment of an unknown product, sent to a sandbox started with `value`. */
  async function unknownProduct(value: string | undefined): Promise<number> {
    const sandbox = await startSandboxProcess(
      'npm run sandbox',
      ['--log-level', 'silent'],
      value === undefined ? {} : { SANDBOX_CHECK_SHIPMENTS: value },
    );
    try {
      const response = await fetch(`${sandbox.baseUrl}/shipments`, {
        method: 'POST',
        headers: { authorization: basic('cli-user'), 'content-type': 'application/json' },
        body: JSON.stringify({ ...example(), product_code: 'dp_pickup_pont' }),
      });
      await response.body?.cancel();
      return response.status;
    } finally {
      sandbox.child.kill('SIGTERM');
      await sandbox.exited;
    }
  }

  // Every spelling each parser takes is in tests/sandbox/options.test.ts; here, the whole path.
  it('false leaves the check off, and 1 turns it on', async () => {
    const statuses = await Promise.all(['false', '1'].map(unknownProduct));
    expect(statuses).toEqual([201, 422]);
  });
});
