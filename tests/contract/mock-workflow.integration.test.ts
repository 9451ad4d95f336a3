// The documented flows run against the mock: the client's whole carrier setup workflow (as the
// README shows it) finishes with the example file, and the documented 206 request returns the
// example slice with headers that agree with its bytes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type SharedMock, sharedMock } from '../support/harness/mock.ts';
import { root } from '../../dev/paths.ts';
import { createShippingClient, fetchCarrierSetup } from 'shipping-api-v3-client';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import { basic } from '../support/fixtures/basic.ts';

const bundle = readJson(bundlePath);

let mock: SharedMock;

beforeAll(async () => {
  mock = await sharedMock();
});

describe('against the mock', () => {
  it('the client workflow of the README finishes with the example setup file, on the mock as it is', async () => {
    // The README's snippet, on this mock's port: the COMPLETED status names the file on that port.
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain("baseUrl: 'http://127.0.0.1:4010/api/public/v3',");
    expect(readme).toContain(
      "if (new URL(request.url).pathname.endsWith('/setups/carriers')) request.headers.set('Prefer', 'example=completed');",
    );
    const client = createShippingClient({
      baseUrl: mock.baseUrl,
      username: 'apiuser',
      apiKey: 'apikey',
      fetch: (request: Request) => {
        if (new URL(request.url).pathname.endsWith('/setups/carriers'))
          request.headers.set('Prefer', 'example=completed');
        return fetch(request);
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
