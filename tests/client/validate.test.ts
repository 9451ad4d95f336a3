// The generated validators accept the contract's examples and name the JSON pointer of the first
// problem of data that breaks it; validateCarrierSetupFile turns that into a ShippingApiError.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as validators from '../../generated/validators/index.js';
import { root } from '../../dev/paths.ts';
import { ShippingApiError, validateCarrierSetupFile, validateCarrierSetupStatus } from 'shipping-api-v3-client';
import { exampleSetupFile } from '../../dev/fixtures/setup-file.ts';

const example = (name: string): any =>
  parse(readFileSync(path.join(root, 'openapi/components/examples', `${name}.yaml`), 'utf8')).value;

function thrown(run: () => unknown): ShippingApiError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ShippingApiError);
    return error as ShippingApiError;
  }
  throw new Error('no error');
}

describe('validateCarrierSetupFile', () => {
  it('returns the contract example unchanged', () => {
    expect(validateCarrierSetupFile(exampleSetupFile())).toEqual(exampleSetupFile());
  });

  it.each<[string, (file: any) => void, string, RegExp]>([
    ['an empty file', (f) => f.splice(0), '', /at its root: must NOT have fewer than 1 items/],
    ['a carrier code with a capital', (f) => (f[1].code = 'Sample Freight'), '/1/code', /must match pattern/],
    [
      'a missing product code',
      (f) => delete f[0].products[1].code,
      '/0/products/1/code',
      /at \/0\/products\/1\/code: is required\./,
    ],
    [
      'a note on an available service',
      (f) => (f[0].products[0].country_combinations[0].available_services[0].note = 'x'),
      '/0/products/0/country_combinations/0/available_services/0/note',
      /boolean schema is false/,
    ],
    [
      'a required service without note',
      (f) => delete f[0].products[0].country_combinations[1].required_services[0].note,
      '/0/products/0/country_combinations/1/required_services/0/note',
      /note/,
    ],
  ])('rejects %s at its JSON pointer', (_, breakIt, pointer, message) => {
    const file = exampleSetupFile();
    breakIt(file);
    const error = thrown(() => validateCarrierSetupFile(file));
    expect(error).toMatchObject({ code: 'INVALID_FILE', operation: 'validateCarrierSetupFile', pointer });
    expect(error.message).toMatch(message);
  });
});

describe('validateCarrierSetupStatus', () => {
  it.each(['CarrierSetupStatusRequested', 'CarrierSetupStatusInProgress', 'CarrierSetupStatusCompleted'])(
    'accepts the example %s',
    (name) => {
      expect(validateCarrierSetupStatus(example(name))).toEqual(example(name));
    },
  );

  it.each<[unknown, string]>([
    [{ status: 'COMPLETED', expires_at: 1795275000, url: 'https://files.shipping.example/x.json' }, '/expires_at'],
    [{ status: 'IN_PROGRESS', expires_at: null, url: 'https://files.shipping.example/x.json' }, '/url'],
    [{ status: 'DONE', expires_at: null, url: null }, '/status'],
  ])('rejects %o at %s, in the branch its status names', (status, pointer) => {
    expect(thrown(() => validateCarrierSetupStatus(status))).toMatchObject({ code: 'INVALID_STATUS', pointer });
  });
});

describe('the generated request-body validators', () => {
  it.each([
    ['ShipmentCreate', 'ShipmentCreate'],
    ['ShipmentCreate', 'ShipmentCreateLegacyPartnerId'],
    ['SalesOrderCreate', 'SalesOrderCreate'],
    ['SalesOrderCreate', 'SalesOrderCreateLegacyPartnerId'],
    ['ImportedShipmentCreate', 'ImportedShipmentCreateLegacyPartnerId'],
    ['ShipmentDraftCreate', 'ShipmentDraftCreate'],
  ] as const)('%s accepts the example %s', (schema, name) => {
    const validate = validators[schema];
    expect(validate(example(name)), JSON.stringify(validate.errors)).toBe(true);
  });

  type Schema = 'ShipmentCreate' | 'SalesOrderCreate' | 'ImportedShipmentCreate' | 'ShipmentDraftCreate';
  it.each<[Schema, (body: any) => void, string, string]>([
    ['ShipmentCreate', (b) => void (b.sender.country_code = 'dk'), 'ShipmentCreate', '/sender/country_code'],
    ['ShipmentCreate', (b) => void (b.partner_id = true), 'ShipmentCreateLegacyPartnerId', '/partner_id'],
    [
      'SalesOrderCreate',
      (b) => void (b.order_lines[0].vat_percent = '0,25'),
      'SalesOrderCreate',
      '/order_lines/0/vat_percent',
    ],
    ['SalesOrderCreate', (b) => void (b.ordered_at = 1795275000), 'SalesOrderCreate', '/ordered_at'],
    [
      'ImportedShipmentCreate',
      (b) => void (b.partner_id = '10042'),
      'ImportedShipmentCreateLegacyPartnerId',
      '/partner_id',
    ],
    ['ShipmentDraftCreate', () => undefined, '[]', ''],
  ])('%s names the pointer of a broken body', (schema, breakIt, name, pointer) => {
    const body = name === '[]' ? [] : example(name);
    breakIt(body);
    const validate = validators[schema];
    expect(validate(body)).toBe(false);
    expect(validate.errors?.[0]?.instancePath).toBe(pointer);
  });
});
