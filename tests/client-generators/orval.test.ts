// orval: a fetch client (typed headers, the documented custom-fetch mutator for the base URL) from
// the generator profile that type-checks with the project's TypeScript, requests no wrong address,
// and works against the sandbox.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  DRIVER_PRELUDE,
  PROFILE,
  driveAgainstSandbox,
  generate,
  generatedSource,
  typecheckDriver,
  typedBodies,
  workDir,
} from '../support/harness/client-generators.ts';

const work = workDir('orval');
afterAll(() => work.remove());

const config = `export default {
  shipping: {
    input: { target: ${JSON.stringify(PROFILE)} },
    output: {
      target: './client/shipping.ts',
      client: 'fetch',
      headers: true,
      override: { mutator: { path: './fetcher.ts', name: 'customFetch' } },
    },
  },
};
`;

// The mutator orval's guide gives for the fetch client: the base URL is the integrator's to set.
const fetcher = `let base = '';
export const configure = (baseUrl: string): void => {
  base = baseUrl;
};
export const customFetch = async <T>(url: string, options: RequestInit): Promise<T> => {
  const response = await fetch(base + url, options);
  const text = [204, 205, 304].includes(response.status) ? '' : await response.text();
  return { status: response.status, data: text ? JSON.parse(text) : undefined, headers: response.headers } as T;
};
`;

const driver = `import { configure } from './fetcher.js';
import { createImportedShipment, createSalesOrder, createShipment, createShipmentDraft, requestCarrierSetup } from './client/shipping.js';
import type { ImportedShipmentCreate, SalesOrderCreate, ShipmentCreate, ShipmentDraftCreate } from './client/shipping.js';
${DRIVER_PRELUDE}
${typedBodies({ shipment: 'ShipmentCreate', salesOrder: 'SalesOrderCreate', importedShipment: 'ImportedShipmentCreate', shipmentDraft: 'ShipmentDraftCreate' })}

export async function run(baseUrl: string, user: string, key: string, partnerId: string): Promise<Call[]> {
  configure(baseUrl);
  const headers = { 'Partner-ID': partnerId };
  const options = { headers: { Authorization: 'Basic ' + btoa(user + ':' + key) } };
  const calls: Call[] = [];
  for (let poll = 0; poll < 5; poll++) {
    const { status, data } = await requestCarrierSetup(headers, options);
    calls.push({ operation: 'requestCarrierSetup', status, body: data });
    if (status === 200 && data.status === 'COMPLETED') break;
  }
  const creations = [
    ['createShipment', () => createShipment(shipment, headers, options)],
    ['createSalesOrder', () => createSalesOrder(salesOrder, headers, options)],
    ['createImportedShipment', () => createImportedShipment(importedShipment, headers, options)],
    ['createShipmentDraft', () => createShipmentDraft(shipmentDraft, headers, options)],
  ] as const;
  for (const [operation, call] of creations) {
    try {
      calls.push({ operation, status: (await call()).status });
    } catch (error) {
      calls.push({ operation, error: failure(error) });
    }
  }
  return calls;
}
`;

describe('orval', () => {
  it('generates a fetch client with typed headers from the generator profile', () => {
    writeFileSync(path.join(work.dir, 'orval.config.mjs'), config);
    writeFileSync(path.join(work.dir, 'fetcher.ts'), fetcher);
    const generated = generate('orval', 'orval', ['--config', 'orval.config.mjs'], work.dir);
    expect(generated.ok, generated.output).toBe(true);
    expect(
      generatedSource(work.dir, ['client/shipping.ts']),
      'a method requests the stand-in path of the absolute file address',
    ).not.toContain('/carrier-setup-file');
  });

  it('type-checks, used, with the project TypeScript', () => {
    expect(typecheckDriver(work.dir, driver)).toBe('');
  });

  it('polls the lifecycle and makes the four creations against the sandbox, with Partner-ID and Basic', async () => {
    await driveAgainstSandbox(work.dir, expect);
  });
});
