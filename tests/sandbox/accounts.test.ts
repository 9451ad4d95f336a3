// The sandbox with an accounts file: only its API users, each with its own key; a wrong key and an
// unknown API user get the same 401; an account's file is no other's; the file is read again while
// the sandbox runs; a checked credential is kept, so that scrypt runs once per credential; the
// watcher of the file ends with the sandbox; where the sandbox may listen without accounts.
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, SandboxOptionsError, startSandbox } from 'shipping-api-v3-sandbox';
import { createShippingClient } from 'shipping-api-v3-client';
import { isLoopback } from 'shipping-api-v3-contract/internal';
import { ShippingError } from 'shipping-api-v3-contract/errors';
import { AccountsFileError, readAccounts } from 'shipping-api-v3-sandbox/accounts';
import { checkHost } from '../../packages/sandbox/src/config/options.ts';
import { countingHasher, writeAccounts } from '../support/fixtures/accounts.ts';
import { until } from '../support/harness/until.ts';
import { basic } from '../support/fixtures/basic.ts';
import { run } from '../support/harness/cli.ts';
import { closeSandboxes, listeningSandbox, sandbox, sandboxFetch, statusOf } from '../support/harness/sandbox.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const dir = tempDirForTests('sandbox-accounts-');
const file = path.join(dir, 'accounts.json');
const KEYS = { alice: 'alice-key-1', bob: 'bob-key-2' };

// Hashes of scrypt's lowest cost: what is tested is who is admitted, not what a check costs.
beforeAll(() => writeAccounts(file, KEYS, { cheap: true }));
afterEach(closeSandboxes);

const get = (url: string, authorization?: string) =>
  sandboxFetch(url, { headers: authorization === undefined ? {} : { authorization } });

describe('a sandbox with an accounts file', () => {
  it('admits an API user with its key, and answers a wrong key and an unknown API user the same 401, echoing neither', async () => {
    const s = await sandbox({ accounts: file });
    const carriers = `${s.baseUrl}/setups/carriers`;
    expect(await statusOf(carriers, basic('alice', KEYS.alice))).toBe(200);
    const refusals = [];
    for (const authorization of [basic('alice', KEYS.bob), basic('mallory', KEYS.alice)]) {
      const response = await get(carriers, authorization);
      const body = await response.text();
      expect(response.status).toBe(401);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="sandbox"');
      for (const secret of [KEYS.alice, KEYS.bob, authorization.slice(6), 'mallory'])
        expect(body).not.toContain(secret);
      refusals.push(body);
    }
    expect(refusals[1]).toBe(refusals[0]);
    expect(JSON.parse(refusals[0]!)).toMatchObject({
      status: 401,
      detail: expect.stringMatching(/^The API user or the API key is not accepted\. .*accounts file/),
      errors: [{ header: 'Authorization' }],
    });
    const index = await (await get(`${s.origin}/_sandbox/`)).json();
    expect(index.credentials).toMatch(/^HTTP Basic: only the API users listed in the sandbox's accounts file/);
    expect(index.credentials).not.toContain(file);
  });

  it("answers 404 to another account's file address", async () => {
    const s = await sandbox({ accounts: file, generationMs: 50, minPollMs: 0 });
    const headers = { authorization: basic('alice', KEYS.alice) };
    let completed: any;
    await until('the file of alice', async () => {
      const status = await (await sandboxFetch(`${s.baseUrl}/setups/carriers`, { headers })).json();
      completed = status;
      return status.status === 'COMPLETED';
    });
    expect(await statusOf(completed.url, basic('bob', KEYS.bob))).toBe(404);
    expect(await statusOf(completed.url, basic('alice', KEYS.alice))).toBe(200);
  });

  it('runs scrypt once per credential: a header seen lately, accepted or refused, costs none; an unknown user costs as much as a known one', async () => {
    const hasher = countingHasher();
    const s = await sandbox({ accounts: file, keyHasher: hasher });
    const carriers = `${s.baseUrl}/setups/carriers`;
    const seen: [string, number, number][] = [];
    for (const [authorization, status] of [
      [basic('alice', KEYS.alice), 200],
      [basic('alice', KEYS.alice), 200],
      [basic('alice', 'wrong'), 401],
      [basic('alice', 'wrong'), 401],
      [basic('mallory', 'wrong'), 401],
      [basic('mallory', 'wrong'), 401],
    ] as const) {
      expect(await statusOf(carriers, authorization)).toBe(status);
      seen.push([authorization, status, hasher.calls]);
    }
    expect(seen.map(([, , calls]) => calls)).toEqual([1, 1, 2, 2, 3, 3]);
    // The unknown user was checked against a hash of the same cost as the known one's.
    expect(new Set(hasher.work).size).toBe(1);
    // Requests with one header that arrive together share one check.
    const together = await Promise.all(Array.from({ length: 5 }, () => statusOf(carriers, basic('bob', KEYS.bob))));
    expect(together).toEqual([200, 200, 200, 200, 200]);
    expect(hasher.calls).toBe(4);
  });

  it('accepts more than one space between Basic and the credentials (RFC 9110), with accounts or without', async () => {
    for (const s of [await sandbox({ accounts: file }), await sandbox()]) {
      const authorization = `Basic  ${basic('alice', KEYS.alice).slice('Basic '.length)}`;
      expect(await statusOf(`${s.baseUrl}/setups/carriers`, authorization)).toBe(200);
    }
  });

  it('takes in an API user added or removed while it runs, and forgets what it kept of the one removed', async () => {
    const live = path.join(dir, 'live.json');
    copyFileSync(file, live);
    const s = await sandbox({ accounts: live });
    const carriers = `${s.baseUrl}/setups/carriers`;
    expect(await statusOf(carriers, basic('carol', 'carol-key-3'))).toBe(401);
    expect(await statusOf(carriers, basic('alice', KEYS.alice))).toBe(200);

    const added = await run(['sandbox-accounts', 'add', live, 'carol'], { cwd: dir, stdin: 'carol-key-3\n' });
    expect(added.code, added.stderr).toBe(0);
    // The refusal of carol was kept; the new reading of the file drops it.
    await until('carol to be admitted', async () => (await statusOf(carriers, basic('carol', 'carol-key-3'))) === 200);

    const removed = await run(['sandbox-accounts', 'remove', live, 'alice'], { cwd: dir });
    expect(removed.code, removed.stderr).toBe(0);
    await until('alice to be refused', async () => (await statusOf(carriers, basic('alice', KEYS.alice))) === 401);
    expect(await statusOf(carriers, basic('carol', 'carol-key-3'))).toBe(200);
  });

  it('watches the file while it runs, and no longer once closed', async () => {
    const watchers = () => process.getActiveResourcesInfo().filter((name) => name === 'StatWatcher').length;
    const before = watchers();
    const app = createSandbox({ accounts: file });
    await app.ready();
    expect(watchers()).toBe(before + 1);
    await app.close();
    expect(watchers()).toBe(before);
  });

  it('refuses at start a file that breaks the format, naming the file and the JSON pointer of the problem', () => {
    const key = (
      user: string,
      value: unknown = { key: 'scrypt$2$1$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA' },
    ) => ({
      version: 1,
      accounts: { [user]: value },
    });
    for (const [content, where] of [
      [{ version: 2, accounts: {} }, 'JSON pointer /version: must be 1 (the version of the format this sandbox reads)'],
      [{ version: 1 }, 'JSON pointer /accounts: is required'],
      [
        { version: 1, accounts: {}, users: {} },
        'JSON pointer /users: is not a field of the accounts file (version, accounts)',
      ],
      [key('a:b'), 'JSON pointer /accounts/a:b: is not an API user name: an API user name has no ":"'],
      [key('x/y', { key: 'plain-text-key' }), 'JSON pointer /accounts/x~1y/key: is not the hash of a key'],
      [
        key('x', { key: 'scrypt$3$1$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA' }),
        '/accounts/x/key: is not the hash of a key as shipping-api sandbox-accounts add writes it: N must be a power of two',
      ],
      [key('x', {}), 'JSON pointer /accounts/x/key: is required'],
      [key('x', 'k'), 'JSON pointer /accounts/x: must be an object (the account of an API user: {"key":"scrypt$…"})'],
      [key('x', { key: 5 }), 'JSON pointer /accounts/x/key: must be a string (the hash of a key as shipping-api'],
      [key('x', { key: 'k', note: 1 }), 'JSON pointer /accounts/x/note: is not a field of an account (key)'],
      [key(''), 'JSON pointer /accounts/: is not an API user name: an API user name is not empty'],
      [{ version: 1, accounts: [] }, 'JSON pointer /accounts: must be an object (the accounts by API user)'],
      [[], 'the root (JSON pointer "")'],
      ['{"version": 1,', 'not JSON'],
    ] as const) {
      const broken = path.join(dir, 'broken.json');
      writeFileSync(broken, typeof content === 'string' ? content : JSON.stringify(content));
      expect(() => createSandbox({ accounts: broken }), where).toThrow(SandboxOptionsError);
      expect(() => createSandbox({ accounts: broken }), where).toThrow(`accounts ${broken}: `);
      expect(() => createSandbox({ accounts: broken }), where).toThrow(where);
    }
    expect(() => createSandbox({ accounts: path.join(dir, 'none.json') })).toThrow('cannot be read (no such file)');
    // A valid file with a cheap hash is read (the cost is the file's to choose).
    writeFileSync(path.join(dir, 'cheap.json'), JSON.stringify(key('x')));
    expect(() => createSandbox({ accounts: path.join(dir, 'cheap.json') })).not.toThrow();
  });

  it('reads a file into an AccountsFileError, a ShippingError with a code and the JSON pointer of the problem', () => {
    const thrown = (text: string | undefined) => {
      const at = path.join(dir, 'read.json');
      if (text === undefined) rmSync(at, { force: true });
      else writeFileSync(at, text);
      try {
        readAccounts(at);
      } catch (error) {
        expect(error).toBeInstanceOf(AccountsFileError);
        expect(error).toBeInstanceOf(ShippingError);
        return error as AccountsFileError;
      }
      throw new Error('read');
    };
    expect(thrown(undefined)).toMatchObject({ name: 'AccountsFileError', code: 'NO_FILE', pointer: undefined });
    expect(thrown('{')).toMatchObject({ code: 'NOT_JSON' });
    expect(thrown('{"version":1,"accounts":{"x/y":{}}}')).toMatchObject({
      code: 'INVALID_FILE',
      pointer: '/accounts/x~1y/key',
    });
    // The sandbox's refusal keeps it as its cause.
    expect(() => createSandbox({ accounts: path.join(dir, 'read.json') })).toThrow(
      expect.objectContaining({ option: 'accounts', cause: expect.any(AccountsFileError) }),
    );
  });
});

describe('where the sandbox listens', () => {
  it('refuses a host other than loopback without accounts, saying why and how', async () => {
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'example.com']) {
      const started = startSandbox({ host });
      await expect(started).rejects.toThrow(SandboxOptionsError);
      await expect(started).rejects.toThrow(
        `host ${host} is not a loopback address, and without an accounts file the sandbox admits any API user`,
      );
      await expect(started).rejects.toThrow(/--accounts <file>/);
    }
  });

  it('listens anywhere with accounts, and on loopback without', async () => {
    const anywhere = await listeningSandbox({ accounts: file, host: '0.0.0.0' });
    expect(anywhere.accounts).toBe(file);
    expect(await statusOf(`${anywhere.baseUrl}/setups/carriers`, basic('alice', KEYS.alice))).toBe(200);
    const loopback = await listeningSandbox({ host: 'localhost' });
    expect(loopback.accounts).toBeUndefined();
    expect(await statusOf(`${loopback.baseUrl}/setups/carriers`, basic('anyone', 'any key'))).toBe(200);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.8.9.10', true],
    ['::1', true],
    ['[::1]', true],
    ['0:0:0:0:0:0:0:1', true],
    ['::ffff:127.0.0.1', true],
    ['localhost', true],
    ['LOCALHOST', true],
    ['128.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['0.0.0.0', false],
    ['::', false],
    ['localhost.example.com', false],
  ])('%s is loopback: %s', (host, loopback) => {
    expect(isLoopback(host)).toBe(loopback);
  });

  // One loopback test for both: the client calls a host over plain HTTP where the sandbox listens
  // on it without accounts, and nowhere else.
  it.each([
    ['http://[::ffff:127.0.0.1]', '::ffff:127.0.0.1', true],
    ['http://[::ffff:7f00:1]', '[::ffff:7f00:1]', true],
    ['http://127.1.2.3', '127.1.2.3', true],
    ['http://localhost', 'localhost', true],
    ['http://[::1]', '::1', true],
    ['http://10.0.0.1', '10.0.0.1', false],
    ['http://example.com', 'example.com', false],
    ['http://[::ffff:10.0.0.1]', '::ffff:10.0.0.1', false],
    ['http://0.0.0.0', '0.0.0.0', false],
    ['http://localhost.example.com', 'localhost.example.com', false],
  ])('the client calls %s over HTTP, and the sandbox listens on %s without accounts: %s', (url, host, loopback) => {
    const answer = (check: () => unknown, option: string) => {
      try {
        check();
        return true;
      } catch (error) {
        expect(error).toMatchObject({ code: 'INVALID_OPTIONS', option });
        return false;
      }
    };
    const client = answer(
      () => createShippingClient({ baseUrl: `${url}:4010/api/public/v3`, username: 'u', apiKey: 'k' }),
      'baseUrl',
    );
    const sandbox = answer(() => checkHost(host, undefined), 'host');
    expect({ client, sandbox }).toEqual({ client: loopback, sandbox: loopback });
  });
});
