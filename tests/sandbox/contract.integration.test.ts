// A whole session against the sandbox (the lifecycle under faults, the download whole and by range,
// the creations, and the refusals) recorded as HAR and checked with the contract check.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { checkHar, formatReport } from '../../dev/traffic/check-har.ts';
import { createShippingClient, fetchCarrierSetup } from 'shipping-api-v3-client';
import { withTempDir } from '../../dev/tools.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import { harRecorder } from '../../dev/traffic/har-recorder.ts';
import { basic, closeSandboxes, listeningSandbox, post, sleep } from '../support/harness/sandbox.ts';

afterEach(closeSandboxes);

const examples = readJson(bundlePath).components.examples;

it('every response of a whole session conforms to the contract', async () => {
  const s = await listeningSandbox({ generationMs: 60, minPollMs: 15, bodyLimit: 4096 });
  const recorder = harRecorder();
  const user = 'recorded-user';
  for (const fault of [
    { fault: 'unavailable', count: 1, retryAfterSeconds: 0 },
    { fault: 'throttle', count: 1, retryAfterSeconds: 0 },
    { fault: 'cut_download', afterBytes: 300 },
    { fault: 'expire_url' },
  ]) {
    expect((await post(`${s.origin}/_sandbox/faults`, fault, {}, user)).status).toBe(201);
  }
  const client = createShippingClient({
    baseUrl: s.baseUrl,
    username: user,
    apiKey: 'key',
    partnerId: 10042,
    fetch: recorder.fetch,
  });
  // pollIntervalMs below minPollMs: some polls are throttled by the sandbox itself too.
  await fetchCarrierSetup(client, { pollIntervalMs: 10 });

  const auth = { authorization: basic(user) };
  await sleep(20);
  const status = await (await recorder.fetch(`${s.baseUrl}/setups/carriers`, { headers: auth })).json();
  expect(status.status).toBe('COMPLETED');
  expect((await recorder.fetch(status.url, { headers: { ...auth, range: 'bytes=0-99' } })).status).toBe(206);
  expect((await recorder.fetch(status.url, { headers: { ...auth, range: 'bytes=999999-' } })).status).toBe(416);
  expect((await recorder.fetch(status.url)).status).toBe(401);
  const json = { ...auth, 'content-type': 'application/json' };
  const creations: Array<[string, unknown, Record<string, string>, number]> = [
    ['shipments', examples.ShipmentCreate.value, { 'Partner-ID': '10042' }, 201],
    ['shipments', examples.ShipmentCreateLegacyPartnerId.value, {}, 201],
    ['sales_orders', examples.SalesOrderCreate.value, {}, 201],
    ['imported_shipments', examples.ImportedShipmentCreateLegacyPartnerId.value, {}, 201],
    ['shipment_drafts', examples.ShipmentDraftCreate.value, { 'Partner-ID': '10042' }, 201],
    ['shipments', { reference: 5 }, {}, 422],
    ['shipments', 'not json', {}, 400],
    ['shipments', { reference: 'x'.repeat(5000) }, {}, 413],
    ['shipments', '{}', { 'content-type': 'text/plain' }, 415],
    ['shipments', {}, { 'Partner-ID': 'abc' }, 400],
  ];
  for (const [kind, body, headers, expected] of creations) {
    const response = await recorder.fetch(`${s.baseUrl}/${kind}`, {
      method: 'POST',
      headers: { ...json, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    expect(response.status, `${kind} ${JSON.stringify(body).slice(0, 50)}`).toBe(expected);
  }
  expect((await recorder.fetch(`${s.baseUrl}/shipments`, { method: 'POST', body: '{}' })).status).toBe(401);
  expect((await post(`${s.origin}/_sandbox/faults`, { fault: 'expire_url' }, {}, user)).status).toBe(201);
  expect((await recorder.fetch(status.url, { headers: auth })).status).toBe(410);

  const har = recorder.har();
  const statuses = new Set(har.log.entries.map((e: any) => e.response.status));
  for (const code of [200, 201, 206, 400, 401, 410, 413, 415, 416, 422, 429, 503])
    expect(statuses, `status ${code} recorded`).toContain(code);
  const report = withTempDir('sandbox-har-', (dir) => {
    const file = path.join(dir, 'session.har');
    writeFileSync(file, JSON.stringify(har, null, 2));
    return checkHar(file);
  });
  expect(report.findings, formatReport(report)).toEqual([]);
  expect(report.exchanges).toBe(har.log.entries.length);
});
