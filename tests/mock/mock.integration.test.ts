// The mock, driven by the generated client: every operation answers every named example, each
// response checked with the generated validators; no credentials get 401; a body that breaks the
// contract gets a validation error; dynamic data obeys the schemas.
import { beforeAll, describe, expect, it } from 'vitest';
import * as validators from '../../generated/validators/index.js';
import { type SharedMock, sharedMock } from '../support/harness/mock.ts';
import { createShippingClient, type ShippingClient } from 'shipping-api-v3-client';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import { basic } from '../support/fixtures/basic.ts';

const bundle = readJson(bundlePath);
const exampleName = (ref: { $ref: string }) => ref.$ref.split('/').pop()!;

let mock: SharedMock;
let client: ShippingClient;

beforeAll(async () => {
  mock = await sharedMock();
  client = createShippingClient({ baseUrl: mock.baseUrl, username: 'apiuser', apiKey: 'apikey', partnerId: 10042 });
});

const prefer = (example: string) => ({ headers: { Prefer: `example=${example}` } });

// The download lives at no path of the contract, so the typed client has no method for it; the
// mock serves the file at the address its COMPLETED status gives.
const download = (headers: Record<string, string>) =>
  fetch(`${mock.url}/carrier-setup-file`, { headers: { authorization: basic('apiuser', 'apikey'), ...headers } });

describe('the mock answers every operation with every named example', () => {
  const statusExamples = bundle.paths['/setups/carriers'].get.responses['2XX'].content['application/json'].examples;
  for (const [name, ref] of Object.entries<any>(statusExamples)) {
    it(`GET /setups/carriers, example ${name}`, async () => {
      const { data, response } = await client.GET('/setups/carriers', prefer(name));
      expect(response.status).toBe(200);
      expect(validators.CarrierSetupStatus(data), JSON.stringify(validators.CarrierSetupStatus.errors)).toBe(true);
      // The COMPLETED status gives the address of the file the mock serves itself.
      const example = bundle.components.examples[exampleName(ref)].value;
      expect(data).toEqual(example.url ? { ...example, url: `${mock.url}/carrier-setup-file` } : example);
    });
  }

  it('GET the url of the COMPLETED status, example setupFile', async () => {
    const response = await download({ Prefer: 'example=setupFile' });
    const data = await response.json();
    expect(response.status).toBe(200);
    expect(validators.CarrierSetupFile(data), JSON.stringify(validators.CarrierSetupFile.errors)).toBe(true);
    expect(data).toEqual(bundle.components.examples.CarrierSetupFile.value);
  });

  const creations = [
    ['/shipments', validators.ShipmentCreate],
    ['/sales_orders', validators.SalesOrderCreate],
    ['/imported_shipments', validators.ImportedShipmentCreate],
    ['/shipment_drafts', validators.ShipmentDraftCreate],
  ] as const;
  for (const [path, validate] of creations) {
    const examples = bundle.paths[path].post.requestBody.content['application/json'].examples;
    for (const [name, ref] of Object.entries<any>(examples)) {
      it(`POST ${path}, example ${name}`, async () => {
        const body = bundle.components.examples[exampleName(ref)].value;
        expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
        const { response, error } = await (client.POST as any)(path, { body });
        expect(error).toBeUndefined();
        expect(response.status).toBeGreaterThanOrEqual(200);
        expect(response.status).toBeLessThan(300);
      });
    }
  }
});

describe('the mock enforces the contract', () => {
  it('answers 401 with a Basic challenge when no credentials are sent', async () => {
    const response = await fetch(`${mock.baseUrl}/setups/carriers`);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Basic/);
  });

  it('answers a body that breaks the contract with a validation error naming the field', async () => {
    const body = structuredClone(bundle.components.examples.SalesOrderCreate.value);
    body.order_lines[0].vat_percent = '25 %';
    const { response } = await client.POST('/sales_orders', { body });
    expect(response.status).toBe(422);
    // The contract gives no error body, so Prism lists the violations in a header.
    const violations = JSON.parse(response.headers.get('sl-violations') ?? '[]');
    expect(violations.map((v: { location: string[] }) => v.location.join('.'))).toContain(
      'request.body.order_lines.0.vat_percent',
    );
  });

  it('answers a Partner-ID that is not a number with a validation error', async () => {
    const response = await fetch(`${mock.baseUrl}/setups/carriers`, {
      headers: { authorization: basic('a', 'b'), 'partner-id': 'acme' },
    });
    expect(response.status).toBe(422);
  });

  it('generates data that obeys the schemas on Prefer: dynamic=true', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { data } = await client.GET('/setups/carriers', { headers: { Prefer: 'dynamic=true' } });
      expect(validators.CarrierSetupStatus(data), JSON.stringify(validators.CarrierSetupStatus.errors)).toBe(true);
    }
    const data = await (await download({ Prefer: 'dynamic=true' })).json();
    expect(validators.CarrierSetupFile(data), JSON.stringify(validators.CarrierSetupFile.errors)).toBe(true);
  });
});
