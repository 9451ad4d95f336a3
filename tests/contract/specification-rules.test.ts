// Every rule of the specification that a schema can state, with a document that obeys it and one
// that breaks it, checked with the generated validators that ship with the client. The obeying
// documents are the contract's own named examples; each breaking one changes a single thing.
import { describe, expect, it } from 'vitest';
import * as validators from '../../generated/validators/index.js';
import { firstProblem } from '../../src/json-pointer.ts';
import { bundlePath, readJson } from '../support/contract.ts';

const bundle = readJson(bundlePath);
const example = (name: string): any => structuredClone(bundle.components.examples[name].value);

interface Rule {
  rule: string;
  schema: keyof typeof validators;
  obeying: () => unknown;
  breaking: (doc: any) => void;
  /** The JSON pointer Ajv must name for the broken document. */
  at: string;
}

const setupFile = () => example('CarrierSetupFile');
const combination = (doc: any) => doc[0].products[0].country_combinations[0];
const shipment = () => example('ShipmentCreate');
const salesOrder = () => example('SalesOrderCreate');
const line = (doc: any) => doc.order_lines[0];

const rules: Rule[] = [
  // 2.1 and 3: the carrier setup status
  { rule: 'status is one of REQUESTED, IN_PROGRESS, COMPLETED', schema: 'CarrierSetupStatus', obeying: () => example('CarrierSetupStatusInProgress'), breaking: (d) => (d.status = 'DONE'), at: '/status' },
  { rule: 'url is null until COMPLETED', schema: 'CarrierSetupStatus', obeying: () => example('CarrierSetupStatusRequested'), breaking: (d) => (d.url = 'https://files.shipping.example/f.json'), at: '/url' },
  { rule: 'expires_at is null until COMPLETED', schema: 'CarrierSetupStatus', obeying: () => example('CarrierSetupStatusInProgress'), breaking: (d) => (d.expires_at = '2026-11-21T15:30:00Z'), at: '/expires_at' },
  { rule: 'url is filled in when COMPLETED', schema: 'CarrierSetupStatus', obeying: () => example('CarrierSetupStatusCompleted'), breaking: (d) => (d.url = null), at: '/url' },
  { rule: 'expires_at is filled in when COMPLETED', schema: 'CarrierSetupStatus', obeying: () => example('CarrierSetupStatusCompleted'), breaking: (d) => (d.expires_at = null), at: '/expires_at' },
  { rule: 'expires_at is a string (an ISO 8601 UTC timestamp)', schema: 'CarrierSetupStatus', obeying: () => example('CarrierSetupStatusCompleted'), breaking: (d) => (d.expires_at = 1795275000), at: '/expires_at' },
  { rule: 'expires_at is in UTC', schema: 'CarrierSetupStatus', obeying: () => example('CarrierSetupStatusCompleted'), breaking: (d) => (d.expires_at = '2026-11-21T15:30:00+01:00'), at: '/expires_at' },
  { rule: 'url is an address', schema: 'CarrierSetupStatus', obeying: () => example('CarrierSetupStatusCompleted'), breaking: (d) => (d.url = 'not an address'), at: '/url' },
  { rule: 'status, expires_at and url are always present', schema: 'CarrierSetupStatus', obeying: () => example('CarrierSetupStatusRequested'), breaking: (d) => delete d.url, at: '/url' },
  // 2.2: the carrier setup file
  { rule: 'the file lists at least one carrier', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => d.splice(0), at: '' },
  { rule: 'a carrier code is lowercase with underscores', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (d[0].code = 'PostNord'), at: '/0/code' },
  { rule: 'a carrier code has no digits', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (d[0].code = 'postnord2'), at: '/0/code' },
  { rule: 'a carrier has at least one product', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (d[1].products = []), at: '/1/products' },
  { rule: 'a product has at least one country combination', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (d[0].products[1].country_combinations = []), at: '/0/products/1/country_combinations' },
  { rule: 'service_point_product is a boolean', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (d[0].products[0].service_point_product = 'yes'), at: '/0/products/0/service_point_product' },
  { rule: 'a sender country code is two uppercase letters', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (combination(d).sender_country_code = 'dk'), at: '/0/products/0/country_combinations/0/sender_country_code' },
  { rule: 'a receiver country code is two uppercase letters', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (combination(d).receiver_country_code = 'DNK'), at: '/0/products/0/country_combinations/0/receiver_country_code' },
  { rule: 'available_customer_numbers are strings', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (combination(d).available_customer_numbers = [5102345]), at: '/0/products/0/country_combinations/0/available_customer_numbers/0' },
  { rule: 'every field of a country combination is present', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => delete combination(d).customs_declaration_required, at: '/0/products/0/country_combinations/0/customs_declaration_required' },
  { rule: 'package_types is an array (its element shape is not specified)', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (combination(d).package_types = 'box'), at: '/0/products/0/country_combinations/0/package_types' },
  { rule: 'an available service has no note', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (combination(d).available_services[0].note = 'Bemærk'), at: '/0/products/0/country_combinations/0/available_services/0/note' },
  { rule: 'a required service has a note', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => delete d[0].products[0].country_combinations[1].required_services[0].note, at: '/0/products/0/country_combinations/1/required_services/0/note' },
  { rule: 'own_agreement_required is a boolean', schema: 'CarrierSetupFile', obeying: setupFile, breaking: (d) => (combination(d).available_services[0].own_agreement_required = 1), at: '/0/products/0/country_combinations/0/available_services/0/own_agreement_required' },
  // 2.3: shipment creation
  { rule: 'the sender country code is two uppercase letters', schema: 'ShipmentCreate', obeying: shipment, breaking: (d) => (d.sender.country_code = 'Denmark'), at: '/sender/country_code' },
  { rule: 'own_agreement is a boolean', schema: 'ShipmentCreate', obeying: shipment, breaking: (d) => (d.own_agreement = 'false'), at: '/own_agreement' },
  { rule: 'parcel dimensions are numbers', schema: 'ShipmentCreate', obeying: shipment, breaking: (d) => (d.parcels[0].weight = '2.5'), at: '/parcels/0/weight' },
  { rule: 'partner_id is a number', schema: 'ShipmentCreate', obeying: () => example('ShipmentCreateLegacyPartnerId'), breaking: (d) => (d.partner_id = '10042'), at: '/partner_id' },
  // 2.4: sales order creation
  { rule: 'ordered_at is a string (an ISO 8601 timestamp with a UTC offset)', schema: 'SalesOrderCreate', obeying: salesOrder, breaking: (d) => (d.ordered_at = 1795275000), at: '/ordered_at' },
  { rule: 'ordered_at has fractional seconds', schema: 'SalesOrderCreate', obeying: salesOrder, breaking: (d) => (d.ordered_at = '2026-11-20T14:03:27+01:00'), at: '/ordered_at' },
  { rule: 'ordered_at has a UTC offset', schema: 'SalesOrderCreate', obeying: salesOrder, breaking: (d) => (d.ordered_at = '2026-11-20T14:03:27.512'), at: '/ordered_at' },
  { rule: 'quantity is a decimal number as a string', schema: 'SalesOrderCreate', obeying: salesOrder, breaking: (d) => (line(d).quantity = 2), at: '/order_lines/0/quantity' },
  { rule: 'unit_price_excluding_vat is a decimal number with a point', schema: 'SalesOrderCreate', obeying: salesOrder, breaking: (d) => (line(d).unit_price_excluding_vat = '599,20'), at: '/order_lines/0/unit_price_excluding_vat' },
  { rule: 'vat_percent is a decimal number as a string (its range open)', schema: 'SalesOrderCreate', obeying: salesOrder, breaking: (d) => (line(d).vat_percent = '0,25'), at: '/order_lines/0/vat_percent' },
  { rule: 'vat_percent is a string', schema: 'SalesOrderCreate', obeying: salesOrder, breaking: (d) => (line(d).vat_percent = 0.25), at: '/order_lines/0/vat_percent' },
  { rule: 'partner_id is a number', schema: 'SalesOrderCreate', obeying: () => example('SalesOrderCreateLegacyPartnerId'), breaking: (d) => (d.partner_id = '10042'), at: '/partner_id' },
  // 4.5: imported shipments
  { rule: 'partner_id is a number', schema: 'ImportedShipmentCreate', obeying: () => example('ImportedShipmentCreateLegacyPartnerId'), breaking: (d) => (d.partner_id = true), at: '/partner_id' },
];

describe('rules of the specification, stated by the schemas', () => {
  for (const { rule, schema, obeying, breaking, at } of rules) {
    it(`${schema}: ${rule}`, () => {
      const validate = validators[schema];
      const good = obeying();
      expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
      const bad = structuredClone(good);
      breaking(bad);
      expect(validate(bad)).toBe(false);
      // The generated validators stop at the first problem, which must be the one planted.
      expect(firstProblem(validate.errors?.[0]).pointer).toBe(at);
    });
  }
});

describe('the Partner ID rules of the specification, stated by the description', () => {
  const operations = Object.entries(bundle.paths).flatMap(([path, item]: [string, any]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post'].includes(method))
      .map(([method, op]) => ({ path, method, op: op as any })),
  );

  it('the Partner-ID header is optional, a number (whole or not, and its range, open), and on every operation', () => {
    const header = bundle.components.parameters.PartnerId;
    expect(header).toMatchObject({ name: 'Partner-ID', in: 'header', required: false });
    const schema = bundle.components.schemas.PartnerId;
    expect(schema.type).toBe('number');
    for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'multipleOf']) expect(schema, bound).not.toHaveProperty(bound);
    expect(schema['x-unspecified']).toMatch(/whole number.*range/);
    for (const { path, method, op } of operations) {
      expect(op.parameters, `${method} ${path}`).toContainEqual({ $ref: '#/components/parameters/PartnerId' });
    }
    expect(operations).toHaveLength(6);
  });

  it('partner_id is a deprecated body field of shipments, sales orders and imported shipments only', () => {
    const bodies = Object.fromEntries(
      operations.filter(({ op }) => op.requestBody).map(({ path, op }) => [path, op.requestBody.content['application/json'].schema.$ref.split('/').pop()]),
    );
    expect(bodies).toEqual({
      '/shipments': 'ShipmentCreate',
      '/sales_orders': 'SalesOrderCreate',
      '/imported_shipments': 'ImportedShipmentCreate',
      '/shipment_drafts': 'ShipmentDraftCreate',
    });
    for (const name of ['ShipmentCreate', 'SalesOrderCreate', 'ImportedShipmentCreate']) {
      expect(bundle.components.schemas[name].properties.partner_id, name).toEqual({ $ref: '#/components/schemas/PartnerIdBodyField' });
    }
    expect(bundle.components.schemas.PartnerIdBodyField.deprecated).toBe(true);
    expect(bundle.components.schemas.ShipmentDraftCreate.properties?.partner_id).toBeUndefined();
  });

  it('no response carries a partner_id', () => {
    const responses = JSON.stringify(operations.map(({ op }) => op.responses)) + JSON.stringify(bundle.components.responses);
    expect(responses).not.toContain('partner_id');
    const statusSchemas = ['CarrierSetupStatusPending', 'CarrierSetupStatusCompleted'].map((n) => bundle.components.schemas[n]);
    for (const schema of statusSchemas) expect(Object.keys(schema.properties)).not.toContain('partner_id');
  });

  it('every operation requires HTTP Basic, and 401 challenges with Basic', () => {
    expect(bundle.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(bundle.security).toEqual([{ basicAuth: [] }]);
    for (const { path, method, op } of operations) {
      expect(op.security, `${method} ${path}`).toBeUndefined();
      expect(op.responses['401'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Unauthorized' });
    }
    expect(bundle.components.headers['WWW-Authenticate'].schema.pattern).toBe('^Basic( |$)');
  });

  it('version 3 lives under /api/public/v3', () => {
    expect(bundle.servers[0].url).toBe('https://{host}/api/public/v3');
  });
});
