// `setup pull` against the sandbox, without a terminal: plain lines, the file written whole, --json,
// the exit codes of a remote failure and of Ctrl-C.
import { EventEmitter } from 'node:events';
import { lstatSync, mkdirSync, readdirSync, symlinkSync, readFileSync, writeFileSync } from 'node:fs';
import { freePort } from '../../dev/cli.ts';
import { closeAll, json, startServer } from '../support/harness/servers.ts';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../packages/cli/src/program.ts';
import { validateCarrierSetupFile } from 'shipping-api-v3-client';
import { type RunningSandbox, startSandbox } from 'shipping-api-v3-sandbox';
import { exampleSetupFileBytes } from '../support/fixtures/example-setup-file.ts';
import { ANSI, folder, run } from '../support/harness/cli.ts';

let sandbox: RunningSandbox;
const files = folder({});
beforeAll(async () => {
  // Long enough that a poll every 0.1 s sees IN_PROGRESS on a loaded machine too.
  sandbox = await startSandbox({ generationMs: 1000, minPollMs: 0 });
});
afterAll(async () => {
  await sandbox?.close();
  files.remove();
});
const env = (user: string) => ({
  SHIPPING_BASE_URL: sandbox.baseUrl,
  SHIPPING_USER: user,
  SHIPPING_API_KEY: 'sandbox-key-42',
});

it('pulls the file through the whole workflow, printing plain lines', async () => {
  const result = await run(['setup', 'pull', '--out', 'setup.json', '--poll-interval', '0.1'], {
    cwd: files.dir,
    env: env('plain'),
  });
  expect(result.code).toBe(0);
  const lines = result.stderr.trimEnd().split('\n');
  expect(lines[0]).toBe('Requesting the carrier setup file');
  expect(lines[1]).toMatch(/^Carrier setup file REQUESTED \(poll 1\); next poll at \d\d:\d\d:\d\d UTC, in \d+ s$/);
  expect(lines).toContainEqual(expect.stringMatching(/^Carrier setup file IN_PROGRESS \(poll \d+\)/));
  expect(lines).toContainEqual(
    expect.stringMatching(/^Carrier setup file COMPLETED after \d+ polls; address valid until /),
  );
  expect(lines).toContainEqual(expect.stringMatching(/^Downloading: .* of /));
  expect(lines.at(-1)).toMatch(/^✔ Wrote setup\.json: .*, 2 carriers, 3 products$/);
  expect(result.stderr).not.toMatch(ANSI);
  expect(result.stderr + result.stdout).not.toContain('sandbox-key-42');
  expect(validateCarrierSetupFile(JSON.parse(readFileSync(path.join(files.dir, 'setup.json'), 'utf8')))).toHaveLength(
    2,
  );
  expect(readdirSync(files.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});

it('prints a JSON summary with --json', async () => {
  const result = await run(['setup', 'pull', '--out', 'json.json', '--poll-interval', '0.1', '--json'], {
    cwd: files.dir,
    env: env('json'),
  });
  expect(result.code).toBe(0);
  expect(JSON.parse(result.stdout)).toMatchObject({ out: path.join(files.dir, 'json.json'), carriers: 2, products: 3 });
});

it('exits 3 when the service cannot be reached, and leaves the old file alone', async () => {
  // A port nothing listens on.
  const port = await freePort();
  writeFileSync(path.join(files.dir, 'kept.json'), 'the old file');
  const result = await run(['setup', 'pull', '--out', 'kept.json', '--poll-interval', '0.1'], {
    cwd: files.dir,
    env: { ...env('down'), SHIPPING_BASE_URL: `http://127.0.0.1:${port}/api/public/v3` },
  });
  expect(result.code).toBe(3);
  expect(result.stderr).toContain('NETWORK_ERROR');
  expect(result.stderr).toContain(`the connection to 127.0.0.1:${port} was refused: nothing listens there`);
  expect(readFileSync(path.join(files.dir, 'kept.json'), 'utf8')).toBe('the old file');
});

it('says which port fetch refuses, where it gives no more than "fetch failed"', async () => {
  const result = await run(['setup', 'pull', '--out', 'blocked.json', '--poll-interval', '0.1'], {
    cwd: files.dir,
    env: { ...env('blocked'), SHIPPING_BASE_URL: 'http://127.0.0.1:9/api/public/v3' },
  });
  expect(result.code).toBe(3);
  expect(result.stderr).toContain('fetch refuses port 9 (127.0.0.1:9)');
});

it('replaces the file in one step, never writing into the old one', async () => {
  // A rename replaces the link itself; a write in place would go through it into the linked file.
  writeFileSync(path.join(files.dir, 'linked.json'), 'the old file');
  symlinkSync('linked.json', path.join(files.dir, 'link.json'));
  const result = await run(['setup', 'pull', '--out', 'link.json', '--poll-interval', '0.1'], {
    cwd: files.dir,
    env: env('atomic'),
  });
  expect(result.code).toBe(0);
  expect(readFileSync(path.join(files.dir, 'linked.json'), 'utf8')).toBe('the old file');
  expect(lstatSync(path.join(files.dir, 'link.json')).isFile()).toBe(true);
});

it.each([
  ['an existing folder', () => mkdirSync(path.join(files.dir, 'a-folder')), 'a-folder', /a-folder is a folder/],
  ['a folder that does not exist', () => undefined, 'no-such-folder/setup.json', /the folder .* does not exist/],
  ['a folder that takes no file', () => undefined, '/proc/setup.json', /the folder \/proc cannot take a file/],
])('exits 2 before any request when --out names %s', async (_what, prepare, out, message) => {
  prepare();
  const user = `out-${out.replace(/\W/g, '-')}`;
  const result = await run(['setup', 'pull', '--out', out, '--poll-interval', '0.1'], {
    cwd: files.dir,
    env: env(user),
  });
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
  // No request reached the sandbox: the user has no generation to poll.
  const status = await fetch(`${sandbox.baseUrl}/setups/carriers`, {
    headers: { authorization: `Basic ${btoa(`${user}:k`)}` },
  });
  expect(((await status.json()) as { status: string }).status).toBe('REQUESTED');
  expect(readdirSync(files.dir).filter((f) => f.endsWith('.tmp') || f.endsWith('.probe'))).toEqual([]);
});

it('removes the temporary file when the rename fails', async () => {
  // The folder appears at --out after the check, once the workflow has started.
  const stderr: string[] = [];
  const code = await runCli(['setup', 'pull', '--out', 'late-folder', '--poll-interval', '0.1'], {
    stdout: { write: () => true },
    stderr: {
      write: (text: string) => {
        stderr.push(text);
        if (text.includes('REQUESTED')) mkdirSync(path.join(files.dir, 'late-folder'), { recursive: true });
        return true;
      },
    },
    env: env('late-folder'),
    cwd: files.dir,
    signals: new EventEmitter(),
  });
  expect(code).toBe(3);
  expect(stderr.join('')).toContain('Could not write late-folder');
  expect(readdirSync(files.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
});

it('exits 130 on Ctrl-C while polling, and writes nothing', async () => {
  const signals = new EventEmitter();
  let stderr = '';
  const outcome = runCli(['setup', 'pull', '--out', 'interrupted.json', '--poll-interval', '30'], {
    stdout: { write: () => true },
    stderr: {
      write: (text: string) => {
        stderr += text;
        if (text.includes('REQUESTED')) setImmediate(() => signals.emit('SIGINT'));
        return true;
      },
    },
    env: env('interrupted'),
    cwd: files.dir,
    signals,
  });
  expect(await outcome).toBe(130);
  expect(stderr).toContain('Interrupted; interrupted.json was not written');
  expect(readdirSync(files.dir).filter((f) => f.startsWith('interrupted') || f.includes('interrupted.json'))).toEqual(
    [],
  );
  expect(signals.listenerCount('SIGINT')).toBe(0);
});

it('says a timeout in words: how long, and what was still going on', async () => {
  const result = await run(['setup', 'pull', '--out', 'slow.json', '--poll-interval', '0.1', '--timeout', '0.05'], {
    cwd: files.dir,
    env: env('slow'),
  });
  expect(result.code).toBe(3);
  expect(result.stderr).toContain(
    'Timed out: no carrier setup file after 0.05 seconds; the file was still being requested or generated.',
  );
  expect(result.stderr).not.toMatch(/timeoutMs/);
});

/** Queues a fault of the sandbox for `user`'s next requests. */
async function queueFault(user: string, fault: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${sandbox.origin}/_sandbox/faults`, {
    method: 'POST',
    headers: { authorization: `Basic ${btoa(`${user}:sandbox-key-42`)}`, 'content-type': 'application/json' },
    body: JSON.stringify(fault),
  });
  expect(response.status).toBe(201);
}

it('shows throttling and an expired address in the progress, and writes the file as received', async () => {
  await queueFault('told', { fault: 'throttle', count: 1, retryAfterSeconds: 1 });
  await queueFault('told', { fault: 'expire_url' });
  const result = await run(['setup', 'pull', '--out', 'told.json', '--poll-interval', '0.1'], {
    cwd: files.dir,
    env: env('told'),
  });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stderr).toContain('Throttled; retrying in 1 s');
  expect(result.stderr).toContain('The file address expired; requesting a new file');
  // The sandbox serves the example file indented; the file written is those bytes, not JSON.stringify of it.
  expect(readFileSync(path.join(files.dir, 'told.json')).equals(exampleSetupFileBytes())).toBe(true);
});

it('pulls from a sandbox addressed as localhost: the file address stays on localhost, and gets the credentials', async () => {
  const port = new URL(sandbox.origin).port;
  const result = await run(['setup', 'pull', '--out', 'localhost.json', '--poll-interval', '0.1'], {
    cwd: files.dir,
    env: { ...env('localhost'), SHIPPING_BASE_URL: `http://localhost:${port}/api/public/v3` },
  });
  expect(result.code, result.stderr).toBe(0);
  expect(readFileSync(path.join(files.dir, 'localhost.json')).equals(exampleSetupFileBytes())).toBe(true);
});

describe('a file on another origin that asks for the credentials', () => {
  afterEach(closeAll);
  const fileBytes = exampleSetupFileBytes();
  const start = async () => {
    const fileHost = await startServer((request, response) => {
      if (!request.headers.authorization) return json(response, 401, {}, { 'WWW-Authenticate': 'Basic' });
      response.writeHead(200, { 'content-type': 'application/json' }).end(fileBytes);
    });
    const api = await startServer((_request, response) =>
      json(response, 200, {
        status: 'COMPLETED',
        expires_at: '2099-12-31T23:59:59Z',
        url: `${fileHost.origin}/file.json`,
      }),
    );
    return { fileHost, api };
  };

  it('fails naming --credential-origin and SHIPPING_CREDENTIAL_ORIGINS, and gets the file with either', async () => {
    const { fileHost, api } = await start();
    const base = { ...env('origins'), SHIPPING_BASE_URL: `${api.origin}/api/public/v3` };
    const refused = await run(['setup', 'pull', '--out', 'other.json', '--poll-interval', '0.1'], {
      cwd: files.dir,
      env: base,
    });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain(
      `give --credential-origin ${fileHost.origin} (or name it in SHIPPING_CREDENTIAL_ORIGINS) to send the credentials there.`,
    );
    const byFlag = await run(
      ['setup', 'pull', '--out', 'other.json', '--poll-interval', '0.1', '--credential-origin', fileHost.origin],
      {
        cwd: files.dir,
        env: base,
      },
    );
    expect(byFlag.code, byFlag.stderr).toBe(0);
    const byVariable = await run(['setup', 'pull', '--out', 'other.json', '--poll-interval', '0.1'], {
      cwd: files.dir,
      env: { ...base, SHIPPING_CREDENTIAL_ORIGINS: `https://unused.example, ${fileHost.origin}` },
    });
    expect(byVariable.code, byVariable.stderr).toBe(0);
    expect(readFileSync(path.join(files.dir, 'other.json')).equals(fileBytes)).toBe(true);
  });
});
