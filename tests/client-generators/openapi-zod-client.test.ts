// openapi-zod-client: a Zodios client with zod schemas from the generator profile that
// type-checks with the project's TypeScript, loads (its discriminated union of the status builds),
// requests no wrong address, and works against the sandbox, its responses checked by zod.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from '../../dev/paths.ts';
import {
  expiresAtAccepted,
  expiresAtRefused,
  orderedAtAccepted,
  orderedAtRefused,
} from '../support/fixtures/timestamp-cases.ts';
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

const work = workDir('openapi-zod-client');
// Bodies the contract leaves open are `*/*` in the profile; the tool reads application/json only by default.
const MEDIA_TYPES = "mediaType === 'application/json' || mediaType === '*/*'";
afterAll(() => work.remove());

const driver = `import type { z } from 'zod';
import { createApiClient, schemas } from './client/shipping.js';
${DRIVER_PRELUDE}
type ShipmentCreate = z.infer<typeof schemas.ShipmentCreate>;
type SalesOrderCreate = z.infer<typeof schemas.SalesOrderCreate>;
type ImportedShipmentCreate = z.infer<typeof schemas.ImportedShipmentCreate>;
type ShipmentDraftCreate = z.infer<typeof schemas.ShipmentDraftCreate>;
${typedBodies({ shipment: 'ShipmentCreate', salesOrder: 'SalesOrderCreate', importedShipment: 'ImportedShipmentCreate', shipmentDraft: 'ShipmentDraftCreate' })}

export async function run(baseUrl: string, user: string, key: string, partnerId: string): Promise<Call[]> {
  const client = createApiClient(baseUrl, { axiosConfig: { auth: { username: user, password: key } } });
  let status: number | undefined;
  client.axios.interceptors.response.use((response) => {
    status = response.status;
    return response;
  });
  const headers = { 'Partner-ID': partnerId };
  const calls: Call[] = [];
  for (let poll = 0; poll < 5; poll++) {
    try {
      const body = await client.requestCarrierSetup({ headers });
      calls.push({ operation: 'requestCarrierSetup', status, body });
      if (body.status === 'COMPLETED') break;
    } catch (error) {
      calls.push({ operation: 'requestCarrierSetup', error: failure(error) });
      break;
    }
  }
  const creations = [
    ['createShipment', () => client.createShipment(shipment, { headers })],
    ['createSalesOrder', () => client.createSalesOrder(salesOrder, { headers })],
    ['createImportedShipment', () => client.createImportedShipment(importedShipment, { headers })],
    ['createShipmentDraft', () => client.createShipmentDraft(shipmentDraft, { headers })],
  ] as const;
  for (const [operation, call] of creations) {
    try {
      await call();
      calls.push({ operation, status });
    } catch (error) {
      calls.push({ operation, error: failure(error) });
    }
  }
  return calls;
}
`;

describe('openapi-zod-client', () => {
  it('generates a Zodios client with every schema from the generator profile', () => {
    mkdirSync(path.join(work.dir, 'client'));
    const generated = generate(
      'openapi-zod-client',
      'openapi-zod-client',
      [PROFILE, '-o', path.join(work.dir, 'client/shipping.ts'), '--export-schemas', '--media-type-expr', MEDIA_TYPES],
      work.dir,
    );
    expect(generated.ok, generated.output).toBe(true);
    expect(generated.output, 'operations were left out').not.toMatch(/were ignored[^:]*: \S/);
    const source = generatedSource(work.dir, ['client/shipping.ts']);
    expect(source, 'a method requests the stand-in path of the absolute file address').not.toContain(
      '/carrier-setup-file',
    );
    expect(source, 'AvailableService and RequiredService are the same schema').not.toMatch(
      /const (Available|Required)Service = Service;/,
    );
  });

  it('type-checks, used, with the project TypeScript', () => {
    expect(typecheckDriver(work.dir, driver)).toBe('');
  });

  it('loads, and its schemas tell a required service (with a note) from an available one', async () => {
    const { schemas } = (await import(path.join(work.dir, 'dist/client/shipping.js'))) as {
      schemas: Record<'RequiredService' | 'CarrierSetupStatus', { safeParse(value: unknown): { success: boolean } }>;
    };
    const service = {
      code: 'dp_sms',
      name: 'SMS',
      required_fields: [],
      optional_fields: [],
      own_agreement_required: false,
    };
    expect(schemas.RequiredService.safeParse({ ...service, note: 'Needed.' }).success).toBe(true);
    expect(schemas.RequiredService.safeParse(service).success, 'a required service without a note passes').toBe(false);
    expect(
      schemas.CarrierSetupStatus.safeParse({
        status: 'COMPLETED',
        expires_at: '2026-11-21T15:30:00Z',
        url: 'https://files.shipping.example/f.json',
      }).success,
    ).toBe(true);
  });

  // The tool writes a pattern as a zod regex where the schema is used (a named string schema alone
  // is z.string()): the fields must judge every named timestamp form as the contract does.
  it('its zod regex of expires_at and ordered_at accepts and refuses the forms the contract does', async () => {
    const { schemas } = (await import(path.join(work.dir, 'dist/client/shipping.js'))) as {
      schemas: Record<
        'CarrierSetupStatusCompleted' | 'SalesOrderCreate',
        { safeParse(value: unknown): { success: boolean } }
      >;
    };
    const order = parse(
      readFileSync(path.join(root, 'openapi/components/examples/SalesOrderCreate.yaml'), 'utf8'),
    ).value;
    const completed = { status: 'COMPLETED', url: 'https://files.shipping.example/f.json' };
    const judged = (cases: string[], check: (value: string) => boolean) => cases.filter((value) => !check(value));
    const expiresAt = (value: string) =>
      schemas.CarrierSetupStatusCompleted.safeParse({ ...completed, expires_at: value }).success;
    const orderedAt = (value: string) => schemas.SalesOrderCreate.safeParse({ ...order, ordered_at: value }).success;
    expect(judged(expiresAtAccepted, expiresAt), 'expires_at refused').toEqual([]);
    expect(
      judged(expiresAtRefused, (value) => !expiresAt(value)),
      'expires_at accepted',
    ).toEqual([]);
    expect(judged(orderedAtAccepted, orderedAt), 'ordered_at refused').toEqual([]);
    expect(
      judged(orderedAtRefused, (value) => !orderedAt(value)),
      'ordered_at accepted',
    ).toEqual([]);
  });

  it('polls the lifecycle and makes the four creations against the sandbox, with Partner-ID and Basic', async () => {
    await driveAgainstSandbox(work.dir, expect);
  });
});
