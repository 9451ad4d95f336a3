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

const work = workDir('hey-api');
afterAll(() => work.remove());

const driver = `import { createClient } from './client/client/index.js';
import { createImportedShipment, createSalesOrder, createShipment, createShipmentDraft, requestCarrierSetup } from './client/index.js';
import type { ImportedShipmentCreate, SalesOrderCreate, ShipmentCreate, ShipmentDraftCreate } from './client/types.gen.js';
${DRIVER_PRELUDE}
${typedBodies({ shipment: 'ShipmentCreate', salesOrder: 'SalesOrderCreate', importedShipment: 'ImportedShipmentCreate', shipmentDraft: 'ShipmentDraftCreate' })}

export async function run(baseUrl: string, user: string, key: string, partnerId: string): Promise<Call[]> {
  const client = createClient({ baseUrl, auth: () => user + ':' + key });
  const headers = { 'Partner-ID': partnerId };
  const calls: Call[] = [];
  for (let poll = 0; poll < 5; poll++) {
    const { data, error, response } = await requestCarrierSetup({ client, headers });
    calls.push({ operation: 'requestCarrierSetup', status: response?.status, body: data ?? error });
    if (data?.status === 'COMPLETED') break;
  }
  const creations = [
    ['createShipment', () => createShipment({ client, headers, body: shipment })],
    ['createSalesOrder', () => createSalesOrder({ client, headers, body: salesOrder })],
    ['createImportedShipment', () => createImportedShipment({ client, headers, body: importedShipment })],
    ['createShipmentDraft', () => createShipmentDraft({ client, headers, body: shipmentDraft })],
  ] as const;
  for (const [operation, call] of creations) {
    try {
      const { response } = await call();
      calls.push({ operation, status: response?.status });
    } catch (error) {
      calls.push({ operation, error: failure(error) });
    }
  }
  return calls;
}
`;

describe('@hey-api/openapi-ts', () => {
  it('generates a fetch client from the generator profile', () => {
    const generated = generate(
      '@hey-api/openapi-ts',
      'openapi-ts',
      ['-i', PROFILE, '-o', path.join(work.dir, 'client'), '-c', '@hey-api/client-fetch', '--no-log-file'],
      work.dir,
    );
    expect(generated.ok, generated.output).toBe(true);
    expect(
      generatedSource(work.dir, ['client/sdk.gen.ts']),
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
