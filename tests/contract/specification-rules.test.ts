// Every rule of the specification that a schema can state, with a document that obeys it and one
// that breaks it, checked with the generated validators that ship with the client. The obeying
// documents are the contract's own named examples; each breaking one changes a single thing.
import { describe, expect, it } from 'vitest';
import * as validators from '../../generated/validators/index.js';
import { firstProblem } from 'shipping-api-v3-contract';
import { readPartnerId } from 'shipping-api-v3-client';
import { bundlePath, readJson } from '../support/harness/contract.ts';

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
  {
    rule: '[2.1.status] status is one of REQUESTED, IN_PROGRESS, COMPLETED',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusInProgress'),
    breaking: (d) => (d.status = 'DONE'),
    at: '/status',
  },
  {
    rule: '[2.1.url] [3.REQUESTED] url is null until COMPLETED',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusRequested'),
    breaking: (d) => (d.url = 'https://files.shipping.example/f.json'),
    at: '/url',
  },
  {
    rule: '[2.1.expires_at] [3.REQUESTED] expires_at is null until COMPLETED',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusInProgress'),
    breaking: (d) => (d.expires_at = '2026-11-21T15:30:00Z'),
    at: '/expires_at',
  },
  {
    rule: '[2.1.url] [3.IN_PROGRESS] url is filled in when COMPLETED',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusCompleted'),
    breaking: (d) => (d.url = null),
    at: '/url',
  },
  {
    rule: '[2.1.expires_at] [3.IN_PROGRESS] expires_at is filled in when COMPLETED',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusCompleted'),
    breaking: (d) => (d.expires_at = null),
    at: '/expires_at',
  },
  {
    rule: '[2.1.expires_at] expires_at is a string (an ISO 8601 UTC timestamp)',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusCompleted'),
    breaking: (d) => (d.expires_at = 1795275000),
    at: '/expires_at',
  },
  {
    rule: '[2.1.expires_at] expires_at is in UTC',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusCompleted'),
    breaking: (d) => (d.expires_at = '2026-11-21T15:30:00+01:00'),
    at: '/expires_at',
  },
  {
    rule: '[2.1.url] url is an address',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusCompleted'),
    breaking: (d) => (d.url = 'not an address'),
    at: '/url',
  },
  {
    rule: '[2.1.fields-required] status, expires_at and url are always present: a pending status without url',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusRequested'),
    breaking: (d) => delete d.url,
    at: '/url',
  },
  {
    rule: '[2.1.fields-required] status, expires_at and url are always present: a COMPLETED status without expires_at',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusCompleted'),
    breaking: (d) => delete d.expires_at,
    at: '/expires_at',
  },
  {
    rule: '[5.2.7] a pending status never carries partner_id',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusRequested'),
    breaking: (d) => (d.partner_id = 10042),
    at: '/partner_id',
  },
  {
    rule: '[5.2.7] a COMPLETED status never carries partner_id',
    schema: 'CarrierSetupStatus',
    obeying: () => example('CarrierSetupStatusCompleted'),
    breaking: (d) => (d.partner_id = 10042),
    at: '/partner_id',
  },
  // 2.2: the carrier setup file
  {
    rule: '[2.2.CarrierSetupFile] [2.2.hierarchy] the file lists at least one carrier',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => d.splice(0),
    at: '',
  },
  {
    rule: '[2.2.Carrier.code] a carrier code is lowercase with underscores',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (d[0].code = 'PostNord'),
    at: '/0/code',
  },
  {
    rule: '[2.2.Carrier.code] a carrier code has no hyphen',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (d[0].code = 'dhl-express'),
    at: '/0/code',
  },
  {
    rule: '[2.2.Carrier.code] a carrier code has no space',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (d[0].code = 'dhl express'),
    at: '/0/code',
  },
  {
    rule: '[2.2.Carrier.products] [2.2.hierarchy] a carrier has at least one product',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (d[1].products = []),
    at: '/1/products',
  },
  {
    rule: '[2.2.Product.country_combinations] [2.2.hierarchy] a product has at least one country combination',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (d[0].products[1].country_combinations = []),
    at: '/0/products/1/country_combinations',
  },
  {
    rule: '[2.2.Product.service_point_product] service_point_product is a boolean',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (d[0].products[0].service_point_product = 'yes'),
    at: '/0/products/0/service_point_product',
  },
  {
    rule: '[2.2.CountryCombination.sender_country_code] a sender country code is two uppercase letters',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).sender_country_code = 'dk'),
    at: '/0/products/0/country_combinations/0/sender_country_code',
  },
  {
    rule: '[2.2.CountryCombination.receiver_country_code] a receiver country code is two uppercase letters',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).receiver_country_code = 'DNK'),
    at: '/0/products/0/country_combinations/0/receiver_country_code',
  },
  {
    rule: '[2.2.CountryCombination.available_customer_numbers] available_customer_numbers are strings',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).available_customer_numbers = [5102345]),
    at: '/0/products/0/country_combinations/0/available_customer_numbers/0',
  },
  {
    rule: '[2.2.CountryCombination] every field of a country combination is present',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => delete combination(d).customs_declaration_required,
    at: '/0/products/0/country_combinations/0/customs_declaration_required',
  },
  {
    rule: '[2.2.fields-required] every field of a carrier is present',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => delete d[1].name,
    at: '/1/name',
  },
  {
    rule: '[2.2.fields-required] every field of a product is present',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => delete d[0].products[1].service_point_product,
    at: '/0/products/1/service_point_product',
  },
  {
    rule: '[2.2.fields-required] [2.2.CountryCombination] every field of a country combination is present, the lists that may be empty too',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => delete combination(d).optional_dg_fields,
    at: '/0/products/0/country_combinations/0/optional_dg_fields',
  },
  {
    rule: '[2.2.fields-required] every field of an available service is present',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => delete combination(d).available_services[0].optional_fields,
    at: '/0/products/0/country_combinations/0/available_services/0/optional_fields',
  },
  {
    rule: '[2.2.fields-required] every field of a required service is present',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => delete d[0].products[0].country_combinations[1].required_services[0].own_agreement_required,
    at: '/0/products/0/country_combinations/1/required_services/0/own_agreement_required',
  },
  {
    rule: '[2.2.CountryCombination.package_types] package_types is an array (its element shape is not specified)',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).package_types = 'box'),
    at: '/0/products/0/country_combinations/0/package_types',
  },
  {
    rule: '[2.2.Service.note] an available service has no note',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).available_services[0].note = 'Bemærk'),
    at: '/0/products/0/country_combinations/0/available_services/0/note',
  },
  {
    rule: '[2.2.Service.note] a required service has a note',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => delete d[0].products[0].country_combinations[1].required_services[0].note,
    at: '/0/products/0/country_combinations/1/required_services/0/note',
  },
  {
    rule: '[2.2.Service.own_agreement_required] own_agreement_required is a boolean',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).available_services[0].own_agreement_required = 1),
    at: '/0/products/0/country_combinations/0/available_services/0/own_agreement_required',
  },
  {
    rule: '[2.2.Carrier.name] a carrier name is a string',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (d[0].name = 7),
    at: '/0/name',
  },
  {
    rule: '[2.2.Product.name] a product name is a string',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (d[0].products[0].name = 7),
    at: '/0/products/0/name',
  },
  {
    rule: '[2.2.Product.code] a product code is a string',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (d[0].products[0].code = 7),
    at: '/0/products/0/code',
  },
  {
    rule: '[2.2.CountryCombination.platform_agreement_available] platform_agreement_available is a boolean',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).platform_agreement_available = 'true'),
    at: '/0/products/0/country_combinations/0/platform_agreement_available',
  },
  {
    rule: '[2.2.CountryCombination.own_agreement_available] own_agreement_available is a boolean',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).own_agreement_available = 0),
    at: '/0/products/0/country_combinations/0/own_agreement_available',
  },
  {
    rule: '[2.2.CountryCombination.customs_declaration_required] customs_declaration_required is a boolean',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).customs_declaration_required = 'no'),
    at: '/0/products/0/country_combinations/0/customs_declaration_required',
  },
  {
    rule: '[2.2.CountryCombination.required_fields] required_fields are strings',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).required_fields = [7]),
    at: '/0/products/0/country_combinations/0/required_fields/0',
  },
  {
    rule: '[2.2.CountryCombination.optional_fields] optional_fields are strings',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).optional_fields = [7]),
    at: '/0/products/0/country_combinations/0/optional_fields/0',
  },
  {
    rule: '[2.2.CountryCombination.required_parcel_fields] required_parcel_fields are strings',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).required_parcel_fields = [7]),
    at: '/0/products/0/country_combinations/0/required_parcel_fields/0',
  },
  {
    rule: '[2.2.CountryCombination.optional_parcel_fields] optional_parcel_fields are strings',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).optional_parcel_fields = [7]),
    at: '/0/products/0/country_combinations/0/optional_parcel_fields/0',
  },
  {
    rule: '[2.2.CountryCombination.optional_dg_fields] optional_dg_fields are strings',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).optional_dg_fields = [7]),
    at: '/0/products/0/country_combinations/0/optional_dg_fields/0',
  },
  {
    rule: '[2.2.CountryCombination.allowed_incoterms] allowed_incoterms is an array (its element shape is not specified)',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).allowed_incoterms = 'EXW'),
    at: '/0/products/0/country_combinations/0/allowed_incoterms',
  },
  {
    rule: '[2.2.CountryCombination.available_services] [2.2.hierarchy] available_services is an array of services',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).available_services = combination(d).available_services[0]),
    at: '/0/products/0/country_combinations/0/available_services',
  },
  {
    rule: '[2.2.CountryCombination.required_services] [2.2.hierarchy] required_services is an array of services',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).required_services = 'dp_evening_delivery'),
    at: '/0/products/0/country_combinations/0/required_services',
  },
  {
    rule: '[2.2.Service.code] a service code is a string',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).available_services[0].code = 7),
    at: '/0/products/0/country_combinations/0/available_services/0/code',
  },
  {
    rule: '[2.2.Service.name] a service name is a string',
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).available_services[0].name = 7),
    at: '/0/products/0/country_combinations/0/available_services/0/name',
  },
  {
    rule: "[2.2.Service.required_fields] a service's required_fields are strings",
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).available_services[0].required_fields = [7]),
    at: '/0/products/0/country_combinations/0/available_services/0/required_fields/0',
  },
  {
    rule: "[2.2.Service.optional_fields] a service's optional_fields are strings",
    schema: 'CarrierSetupFile',
    obeying: setupFile,
    breaking: (d) => (combination(d).available_services[0].optional_fields = [7]),
    at: '/0/products/0/country_combinations/0/available_services/0/optional_fields/0',
  },
  // 2.3: shipment creation
  {
    rule: '[2.3.sender] the sender country code is two uppercase letters',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.sender.country_code = 'Denmark'),
    at: '/sender/country_code',
  },
  {
    rule: '[2.3.own_agreement] own_agreement is a boolean',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.own_agreement = 'false'),
    at: '/own_agreement',
  },
  {
    rule: '[2.3.parcels] parcel dimensions are numbers',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.parcels[0].weight = '2.5'),
    at: '/parcels/0/weight',
  },
  {
    rule: '[2.3.partner_id] partner_id is a number',
    schema: 'ShipmentCreate',
    obeying: () => example('ShipmentCreateLegacyPartnerId'),
    breaking: (d) => (d.partner_id = '10042'),
    at: '/partner_id',
  },
  {
    rule: '[2.3.product_code] product_code is a string',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.product_code = 7),
    at: '/product_code',
  },
  {
    rule: '[2.3.service_codes] service_codes is a string (whether several may be given, and how, is open)',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.service_codes = 7),
    at: '/service_codes',
  },
  {
    rule: '[2.3.reference] reference is a string',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.reference = 100234),
    at: '/reference',
  },
  {
    rule: '[2.3.sender] the sender fields are strings',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.sender.zipcode = 1620),
    at: '/sender/zipcode',
  },
  {
    rule: '[2.3.sender] sender is an object',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.sender = 'Nordlys Sko ApS'),
    at: '/sender',
  },
  {
    rule: '[2.3.receiver] the receiver fields are strings',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.receiver.email = 7),
    at: '/receiver/email',
  },
  {
    rule: '[2.3.receiver] receiver is an object',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.receiver = ['SE']),
    at: '/receiver',
  },
  {
    rule: '[2.3.parcels] parcels is an array',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.parcels = d.parcels[0]),
    at: '/parcels',
  },
  {
    rule: '[2.3.parcels] a parcel is an object',
    schema: 'ShipmentCreate',
    obeying: shipment,
    breaking: (d) => (d.parcels[0] = 'box'),
    at: '/parcels/0',
  },
  // 2.4: sales order creation
  {
    rule: '[2.4.ordered_at] ordered_at is a string (an ISO 8601 timestamp with a UTC offset)',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (d.ordered_at = 1795275000),
    at: '/ordered_at',
  },
  {
    rule: '[2.4.ordered_at] ordered_at has fractional seconds',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (d.ordered_at = '2026-11-20T14:03:27+01:00'),
    at: '/ordered_at',
  },
  {
    rule: '[2.4.ordered_at] ordered_at has a UTC offset',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (d.ordered_at = '2026-11-20T14:03:27.512'),
    at: '/ordered_at',
  },
  {
    rule: '[2.4.OrderLine.quantity] quantity is a decimal number as a string',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (line(d).quantity = 2),
    at: '/order_lines/0/quantity',
  },
  {
    rule: '[2.4.OrderLine.unit_price_excluding_vat] unit_price_excluding_vat is a decimal number with a point',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (line(d).unit_price_excluding_vat = '599,20'),
    at: '/order_lines/0/unit_price_excluding_vat',
  },
  {
    rule: '[2.4.OrderLine.vat_percent] vat_percent is a decimal number as a string (its range open)',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (line(d).vat_percent = '0,25'),
    at: '/order_lines/0/vat_percent',
  },
  {
    rule: '[2.4.OrderLine.vat_percent] vat_percent is a string',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (line(d).vat_percent = 0.25),
    at: '/order_lines/0/vat_percent',
  },
  {
    rule: '[2.4.partner_id] partner_id is a number',
    schema: 'SalesOrderCreate',
    obeying: () => example('SalesOrderCreateLegacyPartnerId'),
    breaking: (d) => (d.partner_id = '10042'),
    at: '/partner_id',
  },
  {
    rule: '[2.4.order_id] order_id is a string',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (d.order_id = 100234),
    at: '/order_id',
  },
  {
    rule: '[2.4.source_name] source_name is a string',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (d.source_name = 7),
    at: '/source_name',
  },
  {
    rule: '[2.4.ship_to] the ship_to fields are strings',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (d.ship_to.zipcode = 8000),
    at: '/ship_to/zipcode',
  },
  {
    rule: '[2.4.ship_to] ship_to is an object',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (d.ship_to = 'Aarhus C'),
    at: '/ship_to',
  },
  {
    rule: '[2.4.order_lines] order_lines is an array of objects',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (d.order_lines = line(d)),
    at: '/order_lines',
  },
  {
    rule: '[2.4.order_lines] an order line is an object',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (d.order_lines[0] = 'item'),
    at: '/order_lines/0',
  },
  {
    rule: '[2.4.OrderLine.line_type] line_type is a string',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (line(d).line_type = 1),
    at: '/order_lines/0/line_type',
  },
  {
    rule: '[2.4.OrderLine.item_name] item_name is a string',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (line(d).item_name = 7),
    at: '/order_lines/0/item_name',
  },
  {
    rule: '[2.4.OrderLine.item_sku] item_sku is a string',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (line(d).item_sku = 42),
    at: '/order_lines/0/item_sku',
  },
  {
    rule: '[2.4.OrderLine.currency_code] currency_code is a string',
    schema: 'SalesOrderCreate',
    obeying: salesOrder,
    breaking: (d) => (line(d).currency_code = 208),
    at: '/order_lines/0/currency_code',
  },
  // 4.5: imported shipments
  {
    rule: '[4.5.request] partner_id is a number',
    schema: 'ImportedShipmentCreate',
    obeying: () => example('ImportedShipmentCreateLegacyPartnerId'),
    breaking: (d) => (d.partner_id = true),
    at: '/partner_id',
  },
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

  // A breaking document shows one value refused; this shows that no branch of the status admits a
  // fourth (a FAILED added to one branch would pass every example and every breaking document).
  it('CarrierSetupStatus: [2.1.status] the three values, and no other, across every branch of its oneOf', () => {
    const status = bundle.components.schemas.CarrierSetupStatus;
    const values = status.oneOf.flatMap((branch: { $ref: string }) => {
      const schema = bundle.components.schemas[branch.$ref.split('/').pop()!].properties.status;
      return schema.enum ?? [schema.const];
    });
    expect(values.sort()).toEqual(['COMPLETED', 'IN_PROGRESS', 'REQUESTED']);
    expect(Object.keys(status.discriminator.mapping).sort()).toEqual(['COMPLETED', 'IN_PROGRESS', 'REQUESTED']);
  });
});

describe('the Partner ID rules of the specification, stated by the description', () => {
  // The download lives at no path: it is the path item of components.pathItems.
  const pathItems = [
    ...Object.entries(bundle.paths),
    ...Object.entries(bundle.components.pathItems).map(
      ([name, item]) => [`#/components/pathItems/${name}`, item] as const,
    ),
  ];
  const operations = pathItems.flatMap(([path, item]: readonly [string, any]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post'].includes(method))
      .map(([method, op]) => ({ path, method, op: op as any })),
  );

  it('[5.2.1] [5.2.2] the Partner-ID header is optional, a number (whole or not, and its range, open), and on every operation', () => {
    const header = bundle.components.parameters.PartnerId;
    expect(header).toMatchObject({
      name: 'Partner-ID',
      in: 'header',
      required: false,
      schema: { $ref: '#/components/schemas/PartnerIdHeaderValue' },
    });
    for (const name of ['PartnerId', 'PartnerIdHeaderValue']) {
      const schema = bundle.components.schemas[name];
      for (const bound of ['minimum', 'maximum', 'exclusiveMinimum', 'multipleOf'])
        expect(schema, bound).not.toHaveProperty(bound);
      expect(schema['x-unspecified'], name).toMatch(/whole number.*range/);
    }
    expect(bundle.components.schemas.PartnerId.type).toBe('number');
    for (const { path, method, op } of operations) {
      expect(op.parameters, `${method} ${path}`).toContainEqual({ $ref: '#/components/parameters/PartnerId' });
    }
    expect(operations).toHaveLength(6);
  });

  it('[4.3.request] [4.4.request] [4.5.request] [4.6.request] [5.2.4] [5.2.6] partner_id is a deprecated body field of shipments, sales orders and imported shipments only', () => {
    const bodies = Object.fromEntries(
      operations
        .filter(({ op }) => op.requestBody)
        .map(({ path, op }) => [path, op.requestBody.content['application/json'].schema.$ref.split('/').pop()]),
    );
    expect(bodies).toEqual({
      '/shipments': 'ShipmentCreate',
      '/sales_orders': 'SalesOrderCreate',
      '/imported_shipments': 'ImportedShipmentCreate',
      '/shipment_drafts': 'ShipmentDraftCreate',
    });
    for (const name of ['ShipmentCreate', 'SalesOrderCreate', 'ImportedShipmentCreate']) {
      expect(bundle.components.schemas[name].properties.partner_id, name).toEqual({
        $ref: '#/components/schemas/PartnerIdBodyField',
      });
    }
    expect(bundle.components.schemas.PartnerIdBodyField.deprecated).toBe(true);
    expect(bundle.components.schemas.ShipmentDraftCreate.properties?.partner_id).toBeUndefined();
  });

  it('[5.2.7] no response carries a partner_id: the status states it with a schema nothing obeys', () => {
    const responses =
      JSON.stringify(operations.map(({ op }) => op.responses)) + JSON.stringify(bundle.components.responses);
    expect(responses).not.toContain('partner_id');
    const statusSchemas = ['CarrierSetupStatusPending', 'CarrierSetupStatusCompleted'].map(
      (n) => bundle.components.schemas[n],
    );
    for (const schema of statusSchemas) expect(schema.properties.partner_id).toMatchObject({ not: {} });
  });

  it('[5.1.1] every operation requires HTTP Basic, and 401 challenges with Basic', () => {
    expect(bundle.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
    expect(bundle.security).toEqual([{ basicAuth: [] }]);
    for (const { path, method, op } of operations) {
      expect(op.security, `${method} ${path}`).toBeUndefined();
      expect(op.responses['401'], `${method} ${path}`).toEqual({ $ref: '#/components/responses/Unauthorized' });
    }
    expect(bundle.components.headers['WWW-Authenticate'].required).toBe(true);
  });

  it('[0.base-url] [9.version-in-path] version 3 lives under /api/public/v3, which may have a path in front of it', () => {
    const [server] = bundle.servers;
    expect(server.url).toBe('https://{host}{prefix}/api/public/v3');
    expect(server.variables.prefix.default).toBe('');
    expect(server.variables.prefix['x-unspecified']).toMatch(/path in front/);
    const url = (values: Record<string, string>) =>
      server.url.replace(/\{(\w+)\}/g, (_: string, name: string) => values[name] ?? server.variables[name].default);
    expect(url({})).toBe('https://shipping.example/api/public/v3');
    expect(url({ host: 'api.operator.example', prefix: '/gateway' })).toBe(
      'https://api.operator.example/gateway/api/public/v3',
    );
  });
});

// Digits in a carrier code are neither stated nor refused ("lowercase with underscores"): a file
// with one is accepted; uppercase letters, hyphens and spaces are not lowercase with underscores.
describe('a carrier code', () => {
  const withCode = (code: string) => {
    const file = setupFile();
    file[0].code = code;
    return file;
  };
  it.each(['dhl_express_2', '2go', 'demopost'])('[2.2.Carrier.code] accepts %j (digits are open)', (code) => {
    expect(validators.CarrierSetupFile(withCode(code)), JSON.stringify(validators.CarrierSetupFile.errors)).toBe(true);
  });
  it.each(['DHL', 'Dhl_express', 'dhl-express', 'dhl express', ''])('[2.2.Carrier.code] refuses %j', (code) => {
    expect(validators.CarrierSetupFile(withCode(code))).toBe(false);
  });
  it('[2.2.Carrier.code] says that digits are open', () => {
    expect(bundle.components.schemas.Carrier.properties.code['x-unspecified']).toMatch(/digits/);
  });
});

// What the tables of 2.2 leave open stays open: whether the six lists of field names may be empty,
// and whether an object may carry fields its table does not list.
describe('the open questions of the setup file', () => {
  const lists: [string, (d: any) => any][] = [
    ['required_fields', combination],
    ['optional_fields', combination],
    ['required_parcel_fields', combination],
    ['optional_parcel_fields', combination],
    ['required_fields', (d) => combination(d).available_services[0]],
    ['optional_fields', (d) => d[0].products[0].country_combinations[1].required_services[0]],
  ];
  it.each(lists)('[2.2.field-lists-empty] %s may be empty', (name, holder) => {
    const file = setupFile();
    holder(file)[name] = [];
    expect(validators.CarrierSetupFile(file), JSON.stringify(validators.CarrierSetupFile.errors)).toBe(true);
  });

  it('[2.2.other-fields] a carrier, product, country combination and service may carry other fields', () => {
    const file = setupFile();
    file[0].logo = 'demopost.svg';
    file[0].products[0].tracking = true;
    combination(file).zone = 'domestic';
    combination(file).available_services[0].price_group = 'A';
    file[0].products[0].country_combinations[1].required_services[0].price_group = 'B';
    expect(validators.CarrierSetupFile(file), JSON.stringify(validators.CarrierSetupFile.errors)).toBe(true);
  });

  it('[2.1.other-fields] a status may carry other fields', () => {
    for (const name of ['CarrierSetupStatusRequested', 'CarrierSetupStatusCompleted']) {
      const status = { ...example(name), progress_percent: 40 };
      expect(validators.CarrierSetupStatus(status), JSON.stringify(validators.CarrierSetupStatus.errors)).toBe(true);
    }
  });

  it('[2.2.field-lists-empty] [2.2.other-fields] [2.1.other-fields] each open question is marked x-unspecified', () => {
    const { schemas } = bundle.components;
    for (const [name, holder] of [
      ['required_fields', 'CountryCombination'],
      ['optional_fields', 'CountryCombination'],
      ['required_parcel_fields', 'CountryCombination'],
      ['optional_parcel_fields', 'CountryCombination'],
      ['required_fields', 'Service'],
      ['optional_fields', 'Service'],
    ]) {
      expect(schemas[holder!].properties[name!]['x-unspecified'], `${holder}.${name}`).toMatch(/may be empty/);
      expect(schemas[holder!].properties[name!]).not.toHaveProperty('minItems');
    }
    for (const name of [
      'Carrier',
      'Product',
      'CountryCombination',
      'Service',
      'CarrierSetupStatusPending',
      'CarrierSetupStatusCompleted',
    ]) {
      expect(schemas[name]['x-unspecified'], name).toMatch(/other than/);
      expect(schemas[name], name).not.toHaveProperty('additionalProperties');
    }
  });
});

// HTTP's own rules, as exact as HTTP: an auth scheme is case-insensitive and the header lists
// challenges (RFC 9110 §11.1, §11.6.1); a range unit is case-insensitive, and a server ignores a unit
// it does not know (§14.1, §14.2).
describe('the HTTP headers of authentication and ranges', () => {
  const headerPattern = (schema: { pattern: string }) => new RegExp(schema.pattern, 'u');
  const challenge = headerPattern(bundle.components.headers['WWW-Authenticate'].schema);
  const range = headerPattern(bundle.components.parameters.Range.schema);

  it.each([
    'Basic realm="Shipping Service"',
    'basic realm="x"',
    'BASIC',
    'Basic',
    'Bearer, Basic realm="x"',
    'Bearer realm="a", basic realm="x"',
    'Newauth realm="apps", type=1, title="Login to "apps"", Basic realm="simple"',
  ])('[5.1.1] a 401 may challenge with %j', (value) => {
    expect(challenge.test(value)).toBe(true);
  });
  it.each([
    'Bearer realm="x"',
    'Basically',
    'Digest realm="x", Basicx',
    '',
    // A challenge's scheme only: not a word inside a quoted parameter, nor a parameter's name.
    'Bearer realm="a, basic b"',
    'Bearer realm="a\\", basic"',
    'Bearer realm="x", basic=1',
    'Bearer a=1, basic =2',
  ])('[5.1.1] a 401 does not challenge with Basic in %j', (value) => {
    expect(challenge.test(value)).toBe(false);
  });

  // Content-Range (RFC 9110 §14.4): a 206 gives a range, never "*"; a 416 gives "*/" and the length.
  const download = bundle.components.pathItems.CarrierSetupFile.get.responses;
  const partial = headerPattern(download['206'].headers['Content-Range'].schema);
  const unsatisfied = headerPattern(bundle.components.headers['Content-Range'].schema);
  it.each(['bytes 0-63/2876', 'Bytes 0-63/*', 'BYTES 10-20/2876'])(
    '[4.2.range] a 206 may give Content-Range %j',
    (value) => {
      expect(partial.test(value)).toBe(true);
    },
  );
  it.each(['bytes */*', 'bytes */2876', 'bytes 0-63', 'bytes 0-63/', 'items 0-5/10', 'bytes=0-63/2876'])(
    '[4.2.range] a 206 does not give Content-Range %j',
    (value) => {
      expect(partial.test(value)).toBe(false);
    },
  );
  it.each(['bytes */2876', 'Bytes */2876', 'bytes 0-63/2876'])('[4.2.range] a Content-Range may be %j', (value) => {
    expect(unsatisfied.test(value)).toBe(true);
  });
  it.each(['bytes */*', 'bytes *', 'bytes */', 'bytes 0-63'])('[4.2.range] a Content-Range is not %j', (value) => {
    expect(unsatisfied.test(value)).toBe(false);
  });

  it.each(['bytes=0-99', 'Bytes=0-99', 'BYTES=-500', 'bytes=0-99, 200-', 'items=0-5'])(
    '[4.2.range] a Range request header may be %j',
    (value) => {
      expect(range.test(value)).toBe(true);
    },
  );
  it.each(['', 'bytes', 'bytes=', '=0-99', 'by tes=0-99'])('[4.2.range] a Range header is not %j', (value) => {
    expect(range.test(value)).toBe(false);
  });
});

// A header is text: the Partner-ID header is the text of a decimal number (PartnerIdHeaderValue),
// the one definition that the client and the sandbox read through the same generated validator.
describe('the Partner-ID header as sent', () => {
  const accepted = ['10042', '0', '-3', '1.5', '1e3', '2E-2', '007', '+12', '.5', '5.', '-.5e2'];
  const refused = ['0x10', 'Infinity', '12abc', '1e400x', '', ' 10042', '1 000', '10,5', '.', '+', 'NaN', '١٢'];
  it.each(accepted)('[5.2.1] accepts %j', (text) => {
    expect(validators.PartnerIdHeaderValue(text)).toBe(true);
  });
  it.each(refused)('[5.2.1] refuses %j', (text) => {
    expect(validators.PartnerIdHeaderValue(text)).toBe(false);
  });

  // The same text as a decimal number of an order line (DecimalString), and an exponent besides.
  it('[5.2.1] accepts exactly the text of a DecimalString, with or without an exponent', () => {
    const decimal = new RegExp(bundle.components.schemas.DecimalString.pattern, 'u');
    for (const text of [...accepted, ...refused]) {
      const mantissa = text.replace(/[eE][+-]?[0-9]+$/, '');
      expect(validators.PartnerIdHeaderValue(text), text).toBe(decimal.test(mantissa));
    }
  });

  // The client's and the sandbox's reader (and the command line's) reads what the contract accepts.
  it('[5.2.1] the Partner-ID reader of the client and the sandbox agrees with the contract', () => {
    for (const text of accepted) expect(readPartnerId(text), text).toEqual({ ok: true, partnerId: Number(text) });
    for (const text of refused.filter((t) => t.trim() === t)) expect(readPartnerId(text), text).toEqual({ ok: false });
  });
});
