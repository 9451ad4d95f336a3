// Several sandboxes sharing one Redis store, as instances behind a load balancer: any instance answers
// any request, a restarted one loses nothing, and an unreachable store is answered 503 in time.
import { afterEach, describe, expect, it } from 'vitest';
import { exampleSetupFileBytes } from '../support/fixtures/example-setup-file.ts';
import { redisServerPath, startRedis } from '../support/harness/redis.ts';
import {
  basic,
  closeSandboxes,
  post,
  sandbox,
  sandboxFetch,
  sleep,
  untilCompleted,
} from '../support/harness/sandbox.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import { until } from '../support/harness/until.ts';

afterEach(closeSandboxes);

const shipment = () => structuredClone(readJson(bundlePath).components.examples.ShipmentCreate.value);
const poll = (baseUrl: string, user = 'partner') =>
  sandboxFetch(`${baseUrl}/setups/carriers`, { headers: { authorization: basic(user) } });

describe.skipIf(!redisServerPath)('instances sharing a Redis store', () => {
  it('share one lifecycle: the generation one starts, another completes and serves', async () => {
    const redis = await startRedis();
    const [a, b] = [await sandbox({ store: redis.url }), await sandbox({ store: redis.url })];
    expect(await (await poll(a.baseUrl)).json()).toMatchObject({ status: 'REQUESTED' });
    expect(await (await poll(b.baseUrl)).json()).toMatchObject({ status: 'IN_PROGRESS' });
    const { completed } = await untilCompleted(b.baseUrl, 'partner');
    // The address names the instance asked; the file is there on every instance.
    expect(completed.url.startsWith(b.origin)).toBe(true);
    const path = new URL(completed.url).pathname;
    const file = await sandboxFetch(`${a.origin}${path}`, { headers: { authorization: basic('partner') } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(exampleSetupFileBytes())).toBe(true);
  });

  it('write an attribution through one and read it through another', async () => {
    const redis = await startRedis();
    const [a, b] = [await sandbox({ store: redis.url }), await sandbox({ store: redis.url })];
    expect(await (await post(`${a.baseUrl}/shipments`, shipment(), { 'partner-id': '10042' })).json()).toEqual({
      id: 'shipment-1',
    });
    expect(await (await post(`${b.baseUrl}/shipments`, shipment())).json()).toEqual({ id: 'shipment-2' });
    const listed = await sandboxFetch(`${b.origin}/_sandbox/attributions`, {
      headers: { authorization: basic('tester') },
    });
    expect((await listed.json()).attributions).toEqual([
      { id: 'shipment-1', resource: 'shipment', partnerId: 10042, source: 'header' },
      { id: 'shipment-2', resource: 'shipment', partnerId: null, source: 'none' },
    ]);
  });

  it('start one generation when two first GETs race, and throttle polls across instances', async () => {
    const redis = await startRedis();
    const slow = { store: redis.url, generationMs: 60_000 };
    const [a, b] = [await sandbox(slow), await sandbox(slow)];
    const first = await Promise.all(Array.from({ length: 20 }, (_, i) => poll([a, b][i % 2]!.baseUrl, 'racer')));
    const statuses = await Promise.all(first.map(async (r) => (await r.json()).status));
    expect(statuses.filter((s) => s === 'REQUESTED')).toHaveLength(1);
    expect(
      statuses.filter((s) => s === 'IN_PROGRESS'),
      JSON.stringify(statuses),
    ).toHaveLength(19);

    const [c, d] = [
      await sandbox({ store: redis.url, minPollMs: 60_000 }),
      await sandbox({ store: redis.url, minPollMs: 60_000 }),
    ];
    expect((await poll(c.baseUrl, 'throttled')).status).toBe(200);
    const second = await poll(d.baseUrl, 'throttled');
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(50);
  });

  it("show no account another's state: its file by URL, its attributions, its faults", async () => {
    const redis = await startRedis();
    const [a, b] = [await sandbox({ store: redis.url }), await sandbox({ store: redis.url })];
    const { completed } = await untilCompleted(a.baseUrl, 'owner');
    await post(`${a.baseUrl}/shipments`, shipment(), { 'partner-id': '7' }, 'owner');
    const path = new URL(completed.url).pathname;
    const other = { authorization: basic('intruder') };
    expect((await sandboxFetch(`${b.origin}${path}`, { headers: other })).status).toBe(404);
    expect((await sandboxFetch(`${b.origin}${path}`, { method: 'HEAD', headers: other })).status).toBe(404);
    expect(
      (await (await sandboxFetch(`${b.origin}/_sandbox/attributions`, { headers: other })).json()).attributions,
    ).toEqual([]);
    await sandboxFetch(`${b.origin}/_sandbox/state`, { method: 'DELETE', headers: other });
    expect((await sandboxFetch(`${b.origin}${path}`, { headers: { authorization: basic('owner') } })).status).toBe(200);
  });

  it('lose nothing when an instance is restarted', async () => {
    const redis = await startRedis();
    const a = await sandbox({ store: redis.url });
    await post(`${a.baseUrl}/shipments`, shipment(), {}, 'kept');
    const { completed } = await untilCompleted(a.baseUrl, 'kept');
    await a.close();
    const again = await sandbox({ store: redis.url });
    const status = await (await poll(again.baseUrl, 'kept')).json();
    expect({ ...status, url: new URL(status.url).pathname }).toEqual({
      ...completed,
      url: new URL(completed.url).pathname,
    });
    const listed = await sandboxFetch(`${again.origin}/_sandbox/attributions`, {
      headers: { authorization: basic('kept') },
    });
    expect((await listed.json()).attributions).toHaveLength(1);
  });
});

describe.skipIf(!redisServerPath)('an unreachable store', () => {
  const within = async (ms: number, request: () => Promise<Response>) => {
    const started = Date.now();
    const response = await request();
    return { response, ms: Date.now() - started, within: Date.now() - started < ms };
  };

  it('is answered 503 within 3 s, stopped or frozen, and served again when it is back', async () => {
    const redis = await startRedis();
    const s = await sandbox({ store: redis.url });
    expect((await poll(s.baseUrl)).status).toBe(200);

    redis.pause();
    const frozen = await within(3000, () => post(`${s.baseUrl}/shipments`, shipment()));
    expect(frozen.response.status).toBe(503);
    expect(frozen.within).toBe(true);
    expect(frozen.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await frozen.response.json()).detail).toMatch(/store does not answer/);
    redis.resume();
    await sleep(100);
    expect((await post(`${s.baseUrl}/shipments`, shipment())).status).toBe(201);

    await redis.kill();
    const stopped = await within(3000, () => poll(s.baseUrl));
    expect(stopped.response.status).toBe(503);
    expect(stopped.within).toBe(true);
    // Ready says the store is gone, live that the process is not; the metrics count the failures.
    const ready = await within(3000, () => sandboxFetch(`${s.origin}/_sandbox/health/ready`));
    expect([ready.response.status, ready.within]).toEqual([503, true]);
    expect((await sandboxFetch(`${s.origin}/_sandbox/health/live`)).status).toBe(200);
    const metrics = await (await sandboxFetch(`${s.origin}/_sandbox/metrics`)).text();
    expect(Number(/^sandbox_store_errors_total (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(2);
    expect(metrics).toMatch(/^sandbox_generations_started_total 1$/m);
    await redis.restart();
    // ioredis reconnects by itself within a second; no restart of the sandbox.
    await until(
      'a shipment to be created again',
      async () => (await post(`${s.baseUrl}/shipments`, shipment())).status === 201,
      5_000,
      100,
    );
    expect((await sandboxFetch(`${s.origin}/_sandbox/health/ready`)).status).toBe(200);
  });
});
