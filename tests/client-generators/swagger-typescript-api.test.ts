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

const work = workDir('swagger-typescript-api');
afterAll(() => work.remove());

const driver = `import { Api, type ImportedShipmentCreate, type SalesOrderCreate, type ShipmentCreate, type ShipmentDraftCreate } from './client/api.js';
${DRIVER_PRELUDE}
${typedBodies({ shipment: 'ShipmentCreate', salesOrder: 'SalesOrderCreate', importedShipment: 'ImportedShipmentCreate', shipmentDraft: 'ShipmentDraftCreate' })}

export async function run(baseUrl: string, user: string, key: string, partnerId: string): Promise<Call[]> {
  // Header parameters are not method arguments in this generator: Partner-ID is a default header.
  const api = new Api({
    baseUrl,
    baseApiParams: { headers: { 'Partner-ID': partnerId } },
    securityWorker: () => ({ headers: { Authorization: 'Basic ' + btoa(user + ':' + key) } }),
  });
  const calls: Call[] = [];
  const status = (error: unknown) => (error instanceof Response ? error.status : undefined);
  for (let poll = 0; poll < 5; poll++) {
    try {
      const response = await api.setups.requestCarrierSetup();
      // Fails to compile when the success body is typed \`any\` (the tool did not read the success code).
      const typed: 0 extends 1 & typeof response.data ? never : true = true;
      calls.push({ operation: 'requestCarrierSetup', status: response.status, body: response.data, typed });
      if (response.data.status === 'COMPLETED') break;
    } catch (error) {
      calls.push({ operation: 'requestCarrierSetup', status: status(error), error: failure(error) });
      break;
    }
  }
  const creations = [
    ['createShipment', () => api.shipments.createShipment(shipment)],
    ['createSalesOrder', () => api.salesOrders.createSalesOrder(salesOrder)],
    ['createImportedShipment', () => api.importedShipments.createImportedShipment(importedShipment)],
    ['createShipmentDraft', () => api.shipmentDrafts.createShipmentDraft(shipmentDraft)],
  ] as const;
  for (const [operation, call] of creations) {
    try {
      calls.push({ operation, status: (await call()).status });
    } catch (error) {
      calls.push({ operation, status: status(error), error: failure(error) });
    }
  }
  return calls;
}
`;

describe('swagger-typescript-api', () => {
  it('generates a fetch client from the generator profile, one method per operation', () => {
    const generated = generate(
      'swagger-typescript-api',
      'swagger-typescript-api',
      ['generate', '-p', PROFILE, '-o', path.join(work.dir, 'client'), '-n', 'api.ts'],
      work.dir,
    );
    expect(generated.ok, generated.output).toBe(true);
    const source = generatedSource(work.dir, ['client/api.ts']);
    expect([...source.matchAll(/@request (\w+):(\S+)/g)].map((m) => `${m[1]} ${m[2]}`).sort()).toEqual([
      'GET /setups/carriers',
      'POST /imported_shipments',
      'POST /sales_orders',
      'POST /shipment_drafts',
      'POST /shipments',
    ]);
    expect(source, 'a method requests the stand-in path of the absolute file address').not.toContain(
      '/carrier-setup-file',
    );
  });

  it('type-checks, used, with the project TypeScript; the status call is typed with its success body', () => {
    expect(typecheckDriver(work.dir, driver)).toBe('');
  });

  it('polls the lifecycle and makes the four creations against the sandbox, with Partner-ID and Basic', async () => {
    await driveAgainstSandbox(work.dir, expect);
  });
});
