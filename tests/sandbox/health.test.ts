// GET /_sandbox/health/live and /_sandbox/health/ready, over HTTP without credentials: live while
// the process answers; ready while the store answers its ping, else 503 naming the store, within 2 s
// even when the ping never settles, and without the credentials of the store's address.
import { afterEach, describe, expect, it } from 'vitest';
import { closeSandboxes, sandbox, sandboxFetch } from '../support/harness/sandbox.ts';

afterEach(closeSandboxes);

const get = (origin: string, path: string) => sandboxFetch(`${origin}${path}`);

describe('GET /_sandbox/health/live', () => {
  it('answers 200 with a JSON body, without credentials', async () => {
    const { origin } = await sandbox({ ping: () => Promise.reject(new Error('the store is down')) });
    const response = await get(origin, '/_sandbox/health/live');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Live whatever the store does: the process answers.
    expect(await response.json()).toEqual({ status: 'live' });
  });
});

describe('GET /_sandbox/health/ready', () => {
  it('answers 200 while the store answers its ping', async () => {
    const { origin } = await sandbox();
    const response = await get(origin, '/_sandbox/health/ready');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ status: 'ready' });
  });

  it('answers 503 as a problem saying the store is unreachable, and why, when the ping rejects', async () => {
    let reachable = false;
    const { origin } = await sandbox({
      ping: () =>
        reachable
          ? Promise.resolve()
          : Promise.reject(new Error('connect ECONNREFUSED redis://default:s3cret-pass@10.0.0.5:6379')),
    });
    const response = await get(origin, '/_sandbox/health/ready');
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const problem = await response.json();
    expect(problem).toMatchObject({ status: 503, title: 'Service Unavailable' });
    expect(problem.detail).toBe(
      'The sandbox is not ready: its store is unreachable (connect ECONNREFUSED redis://[redacted]@10.0.0.5:6379).',
    );
    expect(JSON.stringify(problem)).not.toContain('s3cret-pass');
    // Ready again once the store answers.
    reachable = true;
    expect((await get(origin, '/_sandbox/health/ready')).status).toBe(200);
  });

  it('answers 503 within 2 s when the ping never settles', async () => {
    const { origin } = await sandbox({ ping: () => new Promise<void>(() => {}) });
    const started = performance.now();
    const response = await get(origin, '/_sandbox/health/ready');
    const elapsed = performance.now() - started;
    expect(response.status).toBe(503);
    expect((await response.json()).detail).toBe(
      'The sandbox is not ready: its store is unreachable (it did not answer within 1500 ms).',
    );
    expect(elapsed).toBeLessThan(2000);
  });

  it('answers 503 when the ping throws instead of rejecting, or rejects with no Error', async () => {
    const thrown = await sandbox({
      ping: () => {
        throw new Error('no connection');
      },
    });
    const response = await get(thrown.origin, '/_sandbox/health/ready');
    expect(response.status).toBe(503);
    expect((await response.json()).detail).toBe('The sandbox is not ready: its store is unreachable (no connection).');
    const odd = await sandbox({ ping: () => Promise.reject('closed') });
    expect((await (await get(odd.origin, '/_sandbox/health/ready')).json()).detail).toBe(
      'The sandbox is not ready: its store is unreachable ("closed").',
    );
  });
});
