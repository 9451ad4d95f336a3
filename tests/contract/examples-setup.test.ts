// The examples tell one story: every shipment example can be created with the example carrier
// setup file, the 206 example is a true slice of the example file with headers that agree, and the
// COMPLETED example lets a client finish the workflow against the local mock.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';
import { bundlePath, readJson, resolveRef } from '../support/harness/contract.ts';

const bundle = readJson(bundlePath);
const resolve = (node: any): any => resolveRef(bundle, node);
const setupFile: any[] = bundle.components.examples.CarrierSetupFile.value;

/** What is wrong with `shipment` against `file`, in words; empty when it can be created. */
function shipmentProblems(shipment: any, file: any[]): string[] {
  const products = file.flatMap((carrier) => carrier.products);
  const product = products.find((p) => p.code === shipment.product_code);
  if (!product) return [`product_code ${JSON.stringify(shipment.product_code)} is no product of the setup file`];
  const from = shipment.sender?.country_code;
  const to = shipment.receiver?.country_code;
  const route = product.country_combinations.find(
    (c: any) => c.sender_country_code === from && c.receiver_country_code === to,
  );
  if (!route) return [`product ${product.code} has no country combination ${from} to ${to}`];
  const problems: string[] = [];
  if (shipment.own_agreement === true && !route.own_agreement_available)
    problems.push(`${product.code} ${from}-${to} has no own agreement`);
  if (shipment.own_agreement === false && !route.platform_agreement_available)
    problems.push(`${product.code} ${from}-${to} has no operator agreement`);
  const services = [...route.available_services, ...route.required_services];
  const given = shipment.service_codes === undefined ? [] : [shipment.service_codes];
  for (const code of given) {
    const service = services.find((s: any) => s.code === code);
    if (!service) problems.push(`service_codes ${JSON.stringify(code)} is no service of ${product.code} ${from}-${to}`);
    else if (service.own_agreement_required && shipment.own_agreement !== true)
      problems.push(`service ${code} needs the own agreement`);
  }
  for (const required of route.required_services) {
    if (!given.includes(required.code))
      problems.push(`required service ${required.code} of ${product.code} ${from}-${to} is not given`);
  }
  return problems;
}

/** The named examples of every operation whose request body is a ShipmentCreate. */
function shipmentExamples(): [string, any][] {
  const found: [string, any][] = [];
  for (const item of Object.values<any>(bundle.paths)) {
    for (const operation of Object.values<any>(item)) {
      const media = operation?.requestBody?.content?.['application/json'];
      if (media?.schema?.$ref !== '#/components/schemas/ShipmentCreate') continue;
      for (const [name, example] of Object.entries<any>(media.examples ?? {}))
        found.push([name, resolve(example).value]);
    }
  }
  return found;
}

describe('shipment examples against the example setup file', () => {
  const examples = shipmentExamples();

  it('finds the shipment examples', () => {
    expect(examples.map(([name]) => name).sort()).toEqual(['shipment', 'shipmentLegacyPartnerId']);
  });

  for (const [name, shipment] of examples) {
    it(`${name}: its product, route and services are offered by the setup file`, () => {
      expect(shipmentProblems(shipment, setupFile)).toEqual([]);
    });
  }

  it.each<[string, (s: any) => void, RegExp]>([
    ['an unknown product', (s) => (s.product_code = 'dp_parcel_xl'), /is no product/],
    ['a route the product does not offer', (s) => (s.receiver.country_code = 'DE'), /no country combination DK to DE/],
    ['an unknown service', (s) => (s.service_codes = 'dp_evening_delivery'), /is no service/],
    ['an agreement the route does not offer', (s) => (s.own_agreement = true), /has no own agreement/],
  ])('reports %s', (_, plant, problem) => {
    const shipment = structuredClone(bundle.components.examples.ShipmentCreate.value);
    plant(shipment);
    expect(shipmentProblems(shipment, setupFile).join('\n')).toMatch(problem);
  });
});

describe('the 206 example', () => {
  const download = bundle.components.pathItems.CarrierSetupFile.get;
  const response = download.responses['206'];
  const slice: string = resolve(response.content['*/*'].examples.firstSlice).value;
  // The mock serves the example file as compact JSON.
  const file = Buffer.from(JSON.stringify(setupFile));
  const bytes = Buffer.from(slice);

  it('is the first bytes of the example setup file', () => {
    expect(file.subarray(0, bytes.length).equals(bytes)).toBe(true);
  });

  it('has a Content-Range and a Content-Length that agree with the slice and the file', () => {
    expect(response.headers['Content-Range'].example).toBe(`bytes 0-${bytes.length - 1}/${file.length}`);
    expect(response.headers['Content-Length'].example).toBe(bytes.length);
  });

  // The mock is this project's, not the API's: the contract testing guide says how to ask it for the
  // slice, and the contract does not (tests/contract/as-specified.test.ts).
  it('the contract testing guide says how to ask the mock for it; the contract does not', () => {
    const prefer = 'Prefer: code=206, example=firstSlice';
    expect(readFileSync(path.join(root, 'docs/contract-testing.md'), 'utf8')).toContain(prefer);
    expect(response.description).not.toContain(prefer);
    expect(download.description).not.toContain(prefer);
  });
});

describe('the COMPLETED example', () => {
  const completed = bundle.components.examples.CarrierSetupStatusCompleted.value;

  // The mock answers it with the address of the file it serves itself (tests/mock/mock.integration.test.ts).
  it('gives an https address outside the base URL', () => {
    const url = new URL(completed.url);
    expect(url.protocol).toBe('https:');
    expect(Object.keys(bundle.paths).some((p) => url.pathname.endsWith(p))).toBe(false);
  });

  // A fixed date, compared with a fixed date: the example must outlive any run against the mock.
  it('expires far in the future', () => {
    expect(completed.expires_at >= '2099-01-01').toBe(true);
  });
});
