// Faults on demand (POST /_sandbox/faults), each seen on the wire, and the client's
// fetchCarrierSetup completing against the sandbox under each of them.
import { afterEach, describe, expect, it } from 'vitest';
import { createShippingClient, fetchCarrierSetup } from 'shipping-api-v3-client';
import { exampleSetupFileBytes } from '../support/fixtures/example-setup-file.ts';
import { closeSandboxes, get, listeningSandbox, post, sandbox, untilCompleted } from '../support/harness/sandbox.ts';

afterEach(closeSandboxes);

const file = exampleSetupFileBytes();
const queue = (origin: string, fault: unknown, user = 'tester') => post(`${origin}/_sandbox/faults`, fault, {}, user);

describe('POST /_sandbox/faults', () => {
  it('queues faults per API user and lists them', async () => {
    const s = await sandbox();
    const created = await queue(s.origin, { fault: 'throttle', count: 2, retryAfterSeconds: 3 });
    expect(created.status).toBe(201);
    expect(await created.json()).toEqual({ faults: [{ fault: 'throttle', count: 2, retryAfterSeconds: 3 }] });
    await queue(s.origin, { fault: 'cut_download', afterBytes: 10 });
    const listed = await (await get(`${s.origin}/_sandbox/faults`)).json();
    expect(listed.faults).toEqual([
      { fault: 'throttle', count: 2, retryAfterSeconds: 3 },
      { fault: 'cut_download', afterBytes: 10, count: 1 },
    ]);
    expect((await (await get(`${s.origin}/_sandbox/faults`, 'other')).json()).faults).toEqual([]);
  });

  it('refuses a fault it does not know, or a field out of range, with 422, the pointer and what is wrong', async () => {
    const s = await sandbox();
    for (const [body, pointer, message] of [
      [{ fault: 'slow' }, '/fault', 'must be one of throttle, unavailable, cut_download, expire_url (found "slow")'],
      [{}, '/fault', 'is required'],
      [{ fault: 'throttle', count: 0 }, '/count', 'must be >= 1 (found 0)'],
      [{ fault: 'throttle', count: 1_000_001 }, '/count', 'must be <= 1000000 (found 1000001)'],
      [{ fault: 'throttle', retryAfterSeconds: 1.5 }, '/retryAfterSeconds', 'must be integer (found 1.5)'],
      [{ fault: 'cut_download' }, '/afterBytes', 'is required'],
      [
        { fault: 'unavailable', colour: 'red' },
        '/colour',
        'is not a field of the unavailable fault (its fields: fault, count, retryAfterSeconds)',
      ],
      [{ fault: 'expire_url', count: 2 }, '/count', 'must be equal to constant (found 2)'],
      [[1], '', 'must be object (found an array)'],
    ] as const) {
      const response = await queue(s.origin, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const problem = await response.json();
      expect(problem.errors, JSON.stringify(body)).toEqual([{ pointer, message }]);
      expect(problem.detail).toBe(`The body of POST /_sandbox/faults is not valid: ${pointer || '/'} ${message}.`);
    }
  });

  it("fills in the defaults of the sandbox's document", async () => {
    const s = await sandbox();
    for (const fault of [{ fault: 'throttle' }, { fault: 'unavailable' }, { fault: 'expire_url' }])
      expect((await queue(s.origin, fault)).status).toBe(201);
    expect((await (await get(`${s.origin}/_sandbox/faults`)).json()).faults).toEqual([
      { fault: 'throttle', count: 1, retryAfterSeconds: 1 },
      { fault: 'unavailable', count: 1 },
      { fault: 'expire_url', count: 1 },
    ]);
  });

  it('throttle: the next N polls get 429 with the Retry-After asked for', async () => {
    const s = await sandbox();
    await queue(s.origin, { fault: 'throttle', count: 2, retryAfterSeconds: 7 });
    for (let i = 0; i < 2; i += 1) {
      const response = await get(`${s.baseUrl}/setups/carriers`);
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('7');
    }
    expect((await get(`${s.baseUrl}/setups/carriers`)).status).toBe(200);
  });

  it('unavailable: the next N requests of the API get 503', async () => {
    const s = await sandbox();
    await queue(s.origin, { fault: 'unavailable', count: 1, retryAfterSeconds: 2 });
    const response = await post(`${s.baseUrl}/shipments`, {});
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('2');
    expect((await post(`${s.baseUrl}/shipments`, {})).status).toBe(201);
  });

  it('cut_download: the next download sends the headers of the whole file, then breaks off after N bytes', async () => {
    // The break is the socket's: this one listens.
    const s = await listeningSandbox({ generationMs: 0 });
    const { completed } = await untilCompleted(s.baseUrl, 'tester', 5);
    await queue(s.origin, { fault: 'cut_download', afterBytes: 100 });
    const response = await get(completed.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(file.length));
    await expect(response.arrayBuffer()).rejects.toThrow();
    expect((await get(completed.url)).status).toBe(200);
  });

  it('expire_url: the current address answers 410 at once, and the next status starts a new generation', async () => {
    const s = await sandbox({ generationMs: 0 });
    const { completed } = await untilCompleted(s.baseUrl, 'tester', 5);
    expect(await (await queue(s.origin, { fault: 'expire_url' })).json()).toEqual({ faults: [], expired: true });
    expect((await get(completed.url)).status).toBe(410);
    expect((await (await get(`${s.baseUrl}/setups/carriers`)).json()).status).toBe('REQUESTED');
  });

  it('expire_url before a file is ready: the next download answers 410', async () => {
    const s = await sandbox({ generationMs: 0 });
    await queue(s.origin, { fault: 'expire_url' });
    const { completed } = await untilCompleted(s.baseUrl, 'tester', 5);
    expect((await get(completed.url)).status).toBe(410);
    expect((await get(completed.url)).status).toBe(410);
  });
});

describe('fetchCarrierSetup against the sandbox', () => {
  const faults = {
    none: [],
    throttle: [{ fault: 'throttle', count: 2, retryAfterSeconds: 0 }],
    cut_download: [{ fault: 'cut_download', afterBytes: 700, count: 2 }],
    expire_url: [{ fault: 'expire_url' }],
    unavailable: [{ fault: 'unavailable', count: 2 }],
    all: [
      { fault: 'unavailable', count: 1 },
      { fault: 'throttle', count: 1, retryAfterSeconds: 0 },
      { fault: 'cut_download', afterBytes: 50 },
      { fault: 'expire_url' },
    ],
  };
  for (const [name, queued] of Object.entries(faults)) {
    it(`completes with the valid file under the fault: ${name}`, async () => {
      // The client over a socket, where a download breaks off as it does on the wire.
      const s = await listeningSandbox({ generationMs: 80, minPollMs: 10 });
      for (const fault of queued) expect((await queue(s.origin, fault, 'client-user')).status).toBe(201);
      const client = createShippingClient({
        baseUrl: s.baseUrl,
        username: 'client-user',
        apiKey: 'secret',
        partnerId: 10042,
      });
      const states: string[] = [];
      const setup = await fetchCarrierSetup(client, {
        pollIntervalMs: 20,
        onStatus: (status) => states.push(status.status),
      });
      expect(JSON.stringify(setup)).toBe(JSON.stringify(JSON.parse(file.toString('utf8'))));
      expect(states[0]).toBe('REQUESTED');
      expect(states.at(-1)).toBe('COMPLETED');
      expect((await (await get(`${s.origin}/_sandbox/faults`, 'client-user')).json()).faults).toEqual([]);
    });
  }
});
