// The documented flows run against the mock: the client's whole carrier setup workflow (as the
// README shows it) finishes with the example file, and the documented 206 request returns the
// example slice with headers that agree with its bytes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningPrism } from '../../dev/prism.ts';
import { createShippingClient, fetchCarrierSetup } from '../../src/index.ts';
import { bundlePath, readJson } from '../support/contract.ts';
import { freePort } from '../support/servers.ts';
import { basic } from '../support/basic.ts';

const bundle = readJson(bundlePath);
// The COMPLETED example names the mock on its default port; this mock listens on a free one.
const DOCUMENTED_ORIGIN = new URL(bundle.components.examples.CarrierSetupStatusCompleted.value.url).origin;

let mock: RunningPrism;

beforeAll(async () => {
  mock = await startMock({ port: await freePort() });
});

afterAll(async () => {
  await mock?.stop();
});

describe('against the mock', () => {
  it('the client workflow of the README finishes with the example setup file', async () => {
    const client = createShippingClient({
      baseUrl: mock.url,
      username: 'apiuser',
      apiKey: 'apikey',
      fetch: async (request: Request) => {
        if (new URL(request.url).pathname !== '/setups/carriers') return fetch(request);
        request.headers.set('Prefer', 'example=completed');
        // The status names the mock on its documented port: point it at this mock's port.
        const response = await fetch(request);
        const body = (await response.text()).replaceAll(DOCUMENTED_ORIGIN, mock.url);
        return new Response(body, {
          status: response.status,
          headers: { 'content-type': response.headers.get('content-type') ?? 'application/json' },
        });
      },
    });
    const carriers = await fetchCarrierSetup(client, { pollIntervalMs: 1000, timeoutMs: 30_000 });
    expect(carriers).toEqual(bundle.components.examples.CarrierSetupFile.value);
  });

  it('Prefer: code=206, example=firstSlice returns the example slice, its Content-Range and Content-Length true to its bytes', async () => {
    const response = await fetch(`${mock.url}/carrier-setup-file`, {
      headers: { authorization: basic('apiuser', 'apikey'), prefer: 'code=206, example=firstSlice' },
    });
    const bytes = Buffer.from(await response.arrayBuffer());
    const whole = Buffer.from(JSON.stringify(bundle.components.examples.CarrierSetupFile.value));
    expect(response.status).toBe(206);
    expect(bytes.toString()).toBe(bundle.components.examples.CarrierSetupFileSlice.value);
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    expect(response.headers.get('content-range')).toBe(`bytes 0-${bytes.length - 1}/${whole.length}`);
  });
});
