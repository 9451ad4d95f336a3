// The carrier setup lifecycle: REQUESTED, IN_PROGRESS, COMPLETED with an absolute url; throttled
// polls; expiry; a new generation after it; each API user on its own.
import { CarrierSetupStatus } from '../../generated/validators/index.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  basic,
  closeSandboxes,
  get,
  sandbox,
  sandboxFetch,
  sleep,
  untilCompleted,
} from '../support/harness/sandbox.ts';

afterEach(closeSandboxes);

describe('GET /setups/carriers', () => {
  it('[3.no-request] [3.REQUESTED] [4.1.step-1] answers REQUESTED first, then IN_PROGRESS while the generation time has not passed', async () => {
    // A generation time no test run comes near, so that the second answer does not depend on speed.
    const s = await sandbox({ generationMs: 600_000 });
    const first = await get(`${s.baseUrl}/setups/carriers`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await first.json()).toEqual({ status: 'REQUESTED', expires_at: null, url: null });
    expect(await (await get(`${s.baseUrl}/setups/carriers`)).json()).toEqual({
      status: 'IN_PROGRESS',
      expires_at: null,
      url: null,
    });
  });

  it('[3.IN_PROGRESS] answers COMPLETED with expires_at and an absolute url once the generation time has passed', async () => {
    const s = await sandbox({ generationMs: 0 });
    const { statuses, completed } = await untilCompleted(s.baseUrl, 'tester');
    for (const status of statuses)
      expect(CarrierSetupStatus(status), JSON.stringify(CarrierSetupStatus.errors)).toBe(true);
    expect(completed.url).toMatch(new RegExp(`^${s.origin}/files/[\\w-]+/[\\w-]+\\.json$`));
    expect(Number.isFinite(Date.parse(completed.expires_at))).toBe(true);
    // A poll after COMPLETED answers the same status until expires_at.
    expect(await (await get(`${s.baseUrl}/setups/carriers`)).json()).toEqual(completed);
  });

  it('gives each poll of a COMPLETED generation the url at the address the request came to', async () => {
    const s = await sandbox({ generationMs: 0 });
    const { completed } = await untilCompleted(s.baseUrl, 'tester');
    const byName = s.baseUrl.replace('127.0.0.1', 'localhost');
    const named = await (await get(`${byName}/setups/carriers`)).json();
    expect(named).toEqual({ ...completed, url: completed.url.replace('127.0.0.1', 'localhost') });
    expect(await (await get(`${s.baseUrl}/setups/carriers`)).json()).toEqual(completed);
    // Another API user's generation has its own address, at the same origin.
    const other = (await untilCompleted(s.baseUrl, 'other')).completed;
    expect(other.url).not.toBe(completed.url);
    expect(await (await get(`${s.baseUrl}/setups/carriers`, 'other')).json()).toEqual(other);
  });

  it('answers HEAD as a GET would, without starting a generation, counting as a poll or taking a fault', async () => {
    const s = await sandbox({ generationMs: 600_000, minPollMs: 60_000 });
    const head = (user = 'tester') =>
      sandboxFetch(`${s.baseUrl}/setups/carriers`, { method: 'HEAD', headers: { authorization: basic(user) } });
    const first = await head();
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(Number(first.headers.get('content-length'))).toBe(
      '{"status":"REQUESTED","expires_at":null,"url":null}'.length,
    );
    expect((await head()).status).toBe(200);
    // The GET after two HEADs is the first poll: REQUESTED, not throttled.
    expect(await (await get(`${s.baseUrl}/setups/carriers`)).json()).toMatchObject({ status: 'REQUESTED' });
    const throttled = await head();
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBeTruthy();
    // A queued fault is shown to HEAD and still waits for the next GET.
    await sandboxFetch(`${s.origin}/_sandbox/faults`, {
      method: 'POST',
      headers: { authorization: basic('other'), 'content-type': 'application/json' },
      body: JSON.stringify({ fault: 'unavailable', count: 1 }),
    });
    expect((await head('other')).status).toBe(503);
    expect((await get(`${s.baseUrl}/setups/carriers`, 'other')).status).toBe(503);
    expect((await get(`${s.baseUrl}/setups/carriers`, 'other')).status).toBe(200);
  });

  it('keeps each API user apart', async () => {
    const s = await sandbox({ generationMs: 60_000 });
    expect((await (await get(`${s.baseUrl}/setups/carriers`, 'a')).json()).status).toBe('REQUESTED');
    expect((await (await get(`${s.baseUrl}/setups/carriers`, 'b')).json()).status).toBe('REQUESTED');
    expect((await (await get(`${s.baseUrl}/setups/carriers`, 'a')).json()).status).toBe('IN_PROGRESS');
  });

  it('throttles polls closer than minPollMs with 429 and Retry-After', async () => {
    const s = await sandbox({ minPollMs: 60_000, generationMs: 0 });
    expect((await get(`${s.baseUrl}/setups/carriers`)).status).toBe(200);
    const second = await get(`${s.baseUrl}/setups/carriers`);
    expect(second.status).toBe(429);
    expect(second.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect(second.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await second.json()).detail).toMatch(/60000 ms/);
  });

  it('lets the file address expire with 410, and starts a new generation on the next call', async () => {
    const s = await sandbox({ generationMs: 0, urlTtlMs: 150 });
    const { completed } = await untilCompleted(s.baseUrl, 'tester', 10);
    expect((await get(completed.url)).status).toBe(200);
    await sleep(Date.parse(completed.expires_at) - Date.now() + 20);
    const gone = await get(completed.url);
    expect(gone.status).toBe(410);
    expect((await gone.json()).detail).toMatch(/expired/);
    expect(await (await get(`${s.baseUrl}/setups/carriers`)).json()).toEqual({
      status: 'REQUESTED',
      expires_at: null,
      url: null,
    });
    const again = await untilCompleted(s.baseUrl, 'tester', 10);
    expect(again.completed.url).not.toBe(completed.url);
    // The replaced address stays gone.
    expect((await get(completed.url)).status).toBe(410);
  });

  it('[5.1.1] answers 401 with the Basic challenge without credentials, with an empty key, or with another scheme', async () => {
    const s = await sandbox();
    for (const authorization of [undefined, basic('user', ''), 'Bearer abc', 'Basic !!!']) {
      const response = await sandboxFetch(`${s.baseUrl}/setups/carriers`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Basic realm="sandbox"');
      const body = await response.json();
      expect(body.detail).toMatch(/Basic/);
    }
  });
});
