// The sandbox's log, read from the stderr of its process as an operator reads it: JSON lines; at
// info, none per request; at debug, one per answered request with its method, route template and
// status, and one per request received with its headers; stdout keeps the base URL alone;
// credentials (Authorization, Proxy-Authorization, Cookie), the API key and the address of a file
// appear nowhere, even at debug, where the headers are logged.
import { describe, expect, it } from 'vitest';
import { run } from '../support/harness/cli.ts';
import { root } from '../../dev/paths.ts';
import { basic, post } from '../support/harness/sandbox.ts';
import { type SandboxProcess, startSandboxProcess } from '../support/harness/sandbox-process.ts';

const USER = 'log-user';
const KEY = 'log-key-9f3a';
const PROXY_SECRET = 'proxy-secret-51c';
const COOKIE_SECRET = 'cookie-secret-7d2';

/** Runs the lifecycle, a download, a creation with a Partner ID and a refused request, then SIGTERM; the log lines. */
async function exercise(sandbox: SandboxProcess) {
  const headers = {
    authorization: basic(USER, KEY),
    'partner-id': '10042',
    'proxy-authorization': `Basic ${Buffer.from(`proxy:${PROXY_SECRET}`).toString('base64')}`,
    cookie: `session=${COOKIE_SECRET}`,
  };
  // With --generation-ms 0, the first poll starts the generation and the second finds it COMPLETED.
  expect((await (await fetch(`${sandbox.baseUrl}/setups/carriers`, { headers })).json()).status).toBe('REQUESTED');
  const completed = await (await fetch(`${sandbox.baseUrl}/setups/carriers`, { headers })).json();
  expect(completed.status).toBe('COMPLETED');
  const file = await fetch(completed.url, { headers });
  expect(file.status).toBe(200);
  await file.arrayBuffer();
  const created = await post(`${sandbox.baseUrl}/shipments`, { reference: 'logged' }, headers, USER);
  expect(created.status).toBe(201);
  const refused = await fetch(`${sandbox.baseUrl}/setups/carriers`, {
    headers: { authorization: `Basic ${Buffer.from(`${USER}:`).toString('base64')}` },
  });
  expect(refused.status).toBe(401);
  sandbox.child.kill('SIGTERM');
  expect((await sandbox.exited).code).toBe(0);
  const lines = sandbox
    .stderr()
    .split('\n')
    .filter((line) => line !== '');
  return { lines, records: lines.map((line) => JSON.parse(line) as Record<string, any>), token: completed.url };
}

/** Nothing of the credentials, in clear or in base64, nor the file's address. */
function expectNoSecrets(lines: string[], fileUrl: string) {
  const secrets = [
    KEY,
    `${USER}:${KEY}`,
    basic(USER, KEY).slice('Basic '.length),
    PROXY_SECRET,
    Buffer.from(`proxy:${PROXY_SECRET}`).toString('base64'),
    COOKIE_SECRET,
    new URL(fileUrl).pathname.split('/').pop()!,
  ];
  for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);
}

describe('shipping-api sandbox', () => {
  it('logs at info what it has to say and no line per request, no credential', async () => {
    const sandbox = await startSandboxProcess('shipping-api sandbox', ['--generation-ms', '0', '--min-poll-ms', '0']);
    const { lines, records, token } = await exercise(sandbox);
    // stdout is the base URL alone: scripts read its first line.
    expect(sandbox.stdout()).toBe(`${sandbox.baseUrl}\n`);
    expect(records.map((r) => `${r.level} ${r.msg}`)).toEqual([
      expect.stringMatching(/^30 Server listening at http:\/\/127\.0\.0\.1:\d+$/),
      expect.stringMatching(/^30 Sandbox of the Shipping Service Public API v3; it admits /),
      expect.stringMatching(/^30 SIGTERM: stopping/),
      '30 stopped',
    ]);
    expectNoSecrets(lines, token);
  });

  it('at debug logs one line per answered request, with its method, route and status, every one before it exits on SIGTERM', async () => {
    const sandbox = await startSandboxProcess('shipping-api sandbox', ['--generation-ms', '0', '--min-poll-ms', '0'], {
      SANDBOX_LOG_LEVEL: 'debug',
    });
    const { records } = await exercise(sandbox);
    const completed = records.filter((r) => r.msg === 'request completed');
    expect(completed.map((r) => `${r.method} ${r.route} ${r.status}`)).toEqual([
      'GET /api/public/v3/setups/carriers 200',
      'GET /api/public/v3/setups/carriers 200',
      'GET /files/:hash/:name 200',
      'POST /api/public/v3/shipments 201',
      'GET /api/public/v3/setups/carriers 401',
    ]);
    for (const record of completed) {
      expect(record.level).toBe(20);
      expect(typeof record.responseTime).toBe('number');
      expect(record.reqId).toMatch(/^req-/);
    }
    expect(records.at(-1)?.msg).toBe('stopped');
  });

  it('at debug (SANDBOX_LOG_LEVEL) logs the headers of each request with the credentials redacted', async () => {
    const sandbox = await startSandboxProcess('shipping-api sandbox', ['--generation-ms', '0', '--min-poll-ms', '0'], {
      SANDBOX_LOG_LEVEL: 'debug',
    });
    const { lines, records, token } = await exercise(sandbox);
    const received = records.filter((r) => r.msg === 'request received' && r.headers['partner-id'] === '10042');
    expect(received.map((r) => `${r.method} ${r.route}`)).toEqual([
      'GET /api/public/v3/setups/carriers',
      'GET /api/public/v3/setups/carriers',
      'GET /files/:hash/:name',
      'POST /api/public/v3/shipments',
    ]);
    for (const { headers } of received) {
      expect(headers.authorization).toBe('[redacted]');
      expect(headers['proxy-authorization']).toBe('[redacted]');
      expect(headers.cookie).toBe('[redacted]');
    }
    expectNoSecrets(lines, token);
  });

  it('logs nothing with --log-level silent', async () => {
    const sandbox = await startSandboxProcess('shipping-api sandbox', ['--log-level', 'silent']);
    await fetch(`${sandbox.baseUrl}/setups/carriers`, { headers: { authorization: basic(USER, KEY) } });
    sandbox.child.kill('SIGTERM');
    expect((await sandbox.exited).code).toBe(0);
    expect(sandbox.stderr()).toBe('');
  });

  it('refuses a log level pino does not know, naming the flag and the levels', async () => {
    const result = await run(['sandbox', '--log-level', 'loud'], { cwd: root });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'shipping-api: --log-level must be one of fatal, error, warn, info, debug, trace, silent (got "loud").\n',
    );
  });
});

describe('npm run sandbox', () => {
  it('prints its base URL on stdout and its log on stderr, as shipping-api sandbox does', async () => {
    const sandbox = await startSandboxProcess('npm run sandbox', [], { SANDBOX_LOG_LEVEL: 'debug' });
    await fetch(`${sandbox.baseUrl}/setups/carriers`, { headers: { authorization: basic(USER, KEY) } });
    sandbox.child.kill('SIGTERM');
    expect((await sandbox.exited).code).toBe(0);
    expect(sandbox.stdout()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/public\/v3\n$/);
    expect(sandbox.stdout()).not.toContain('{"level"');
    const records = sandbox
      .stderr()
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records.filter((r) => r.msg === 'request completed')).toMatchObject([
      { method: 'GET', route: '/api/public/v3/setups/carriers', status: 200 },
    ]);
  });
});
