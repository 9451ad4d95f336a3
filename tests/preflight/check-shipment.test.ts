// The pre-flight check: every rule with a shipment that passes it and one that breaks it, and every
// reason for which something is left unchecked.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { root } from '../../dev/paths.ts';
import { carrierSetupIndex, checkShipment, type ShipmentCheck, ShippingApiError } from 'shipping-api-v3-client';
import { setupFile, shipment } from '../support/fixtures/preflight.ts';

const index = carrierSetupIndex(setupFile());
const check = (
  edit: (s: Record<string, any>) => void = () => {},
  options: { exactNames?: boolean } = {},
): ShipmentCheck => {
  const body = shipment();
  edit(body);
  return checkShipment(index, body, options);
};
const codes = (result: ShipmentCheck) => result.problems.map((p) => p.code);
const uncheckedCodes = (result: ShipmentCheck) => result.unchecked.map((u) => u.code);
const to = (country: string) => (s: Record<string, any>) => {
  s.receiver.country_code = country;
};

describe('a shipment that follows the setup file', () => {
  it('passes with nothing left unchecked', () => {
    expect(check()).toEqual({
      ok: true,
      problems: [],
      unchecked: [],
      combination: '/0/products/0/country_combinations/0',
    });
  });

  it('passes against the file itself as against its index', () => {
    expect(checkShipment(setupFile(), shipment())).toEqual(check());
  });

  it("passes: the contract's example shipment against the contract's example file", () => {
    const example = (name: string) =>
      parse(readFileSync(path.join(root, `openapi/components/examples/${name}.yaml`), 'utf8')).value;
    const result = checkShipment(example('CarrierSetupFile'), example('ShipmentCreate'));
    expect(result.ok).toBe(true);
    // receiver_email matches one field of the body, receiver.email, with _ for .
    expect(uncheckedCodes(result)).toEqual([]);
    expect(result.readings).toEqual([{ name: 'receiver_email', path: 'receiver.email', how: 'with _ for .' }]);
    const exact = checkShipment(example('CarrierSetupFile'), example('ShipmentCreate'), { exactNames: true });
    expect(uncheckedCodes(exact)).toEqual(['FIELD_NAME_OPEN']);
  });
});

describe('each rule, kept and broken', () => {
  it('SCHEMA: the body keeps to the ShipmentCreate schema', () => {
    const result = check((s) => {
      s.product_code = 42;
    });
    expect(result.problems).toEqual([expect.objectContaining({ code: 'SCHEMA', pointer: '/product_code' })]);
    expect(result.ok).toBe(false);
    for (const body of [null, [], 'np_home']) {
      expect(checkShipment(index, body).problems).toEqual([expect.objectContaining({ code: 'SCHEMA', pointer: '' })]);
    }
  });

  it('UNKNOWN_PRODUCT: product_code is a product of the file', () => {
    const result = check((s) => {
      s.product_code = 'np_hmoe';
    });
    expect(result.problems).toEqual([
      { code: 'UNKNOWN_PRODUCT', pointer: '/product_code', message: expect.stringContaining('"np_hmoe"') },
    ]);
  });

  it('NO_COUNTRY_COMBINATION: the product has a combination for sender → receiver country', () => {
    const result = check(to('US'));
    expect(result.problems).toEqual([
      {
        code: 'NO_COUNTRY_COMBINATION',
        pointer: '/receiver/country_code',
        setupPointer: '/0/products/0',
        message:
          'Product np_home (Nordic Post, /0/products/0) has no country combination DK → US; it offers DK → SE, DK → NO, DK → DE, DK → FI.',
      },
    ]);
    expect(check(to('DE')).ok).toBe(false); // DE has a required service; the combination itself is found
    expect(codes(check(to('DE')))).not.toContain('NO_COUNTRY_COMBINATION');
  });

  it('OWN_AGREEMENT_UNAVAILABLE: own_agreement true needs own_agreement_available', () => {
    const result = check((s) => {
      s.own_agreement = true;
    });
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'OWN_AGREEMENT_UNAVAILABLE',
        pointer: '/own_agreement',
        setupPointer: '/0/products/0/country_combinations/0',
      }),
    ]);
    expect(result.problems[0]!.message).toContain('own_agreement_available: false');
    // The customer number of an agreement that is not there is not listed as unchecked.
    expect(result.unchecked).toEqual([]);
    const allowed = check((s) => {
      s.own_agreement = true;
      s.receiver.country_code = 'NO';
    });
    expect(codes(allowed)).toEqual([]);
  });

  it('PLATFORM_AGREEMENT_UNAVAILABLE: own_agreement false needs platform_agreement_available', () => {
    const result = check(to('NO'));
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'PLATFORM_AGREEMENT_UNAVAILABLE',
        pointer: '/own_agreement',
        setupPointer: '/0/products/0/country_combinations/1',
      }),
    ]);
    expect(check().ok).toBe(true);
  });

  it('SERVICE_NOT_IN_COMBINATION: service_codes names a service of the combination', () => {
    const result = check((s) => {
      s.service_codes = 'ff_tail_lift';
    });
    expect(result.problems).toEqual([
      expect.objectContaining({ code: 'SERVICE_NOT_IN_COMBINATION', pointer: '/service_codes' }),
    ]);
    expect(result.problems[0]!.message).toContain('it offers np_sms, np_saturday');
    expect(check((s) => (s.service_codes = 'np_sms')).ok).toBe(true);
  });

  it('REQUIRED_SERVICE_MISSING: every required service of the combination is given', () => {
    const result = check(to('DE'));
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'REQUIRED_SERVICE_MISSING',
        pointer: '/service_codes',
        setupPointer: '/0/products/0/country_combinations/2/required_services/0',
      }),
    ]);
    expect(result.problems[0]!.message).toContain('np_email (E-mail-besked');
    const given = check((s) => {
      s.receiver.country_code = 'DE';
      s.service_codes = 'np_email';
    });
    expect(given).toMatchObject({ ok: true, unchecked: [] });
  });

  it('SERVICE_NEEDS_OWN_AGREEMENT: a service with own_agreement_required is used only with the own agreement', () => {
    const result = check((s) => {
      s.service_codes = 'np_saturday';
    });
    expect(result.problems).toEqual([
      expect.objectContaining({
        code: 'SERVICE_NEEDS_OWN_AGREEMENT',
        pointer: '/service_codes',
        setupPointer: '/0/products/0/country_combinations/0/available_services/1',
      }),
    ]);
    const own = check((s) => {
      s.service_codes = 'np_saturday';
      s.own_agreement = true;
      s.receiver.country_code = 'NO';
    });
    expect(codes(own)).toEqual([]);
  });

  it('REQUIRED_FIELD_MISSING: the fields required by the combination are given', () => {
    const result = check((s) => {
      delete s.parcels;
    });
    expect(result.problems).toEqual([
      {
        code: 'REQUIRED_FIELD_MISSING',
        pointer: '/parcels',
        setupPointer: '/0/products/0/country_combinations/0/required_fields',
        message: 'parcels is required by /0/products/0/country_combinations/0/required_fields and is not given.',
      },
    ]);
  });

  it('REQUIRED_FIELD_MISSING: the fields required by a service used are given, and only then', () => {
    const withSms = check((s) => {
      s.service_codes = 'np_sms';
      delete s.reference;
    });
    expect(withSms.problems).toEqual([
      expect.objectContaining({
        code: 'REQUIRED_FIELD_MISSING',
        pointer: '/reference',
        setupPointer: '/0/products/0/country_combinations/0/available_services/0/required_fields',
      }),
    ]);
    expect(check((s) => delete s.reference).ok).toBe(true);
  });

  it('REQUIRED_PARCEL_FIELD_MISSING: the required parcel fields are on every parcel', () => {
    const result = check((s) => {
      s.parcels = [{ weight: 1 }, { quantity: 1 }, { quantity: 2, weight: null }];
    });
    expect(result.problems.map((p) => [p.code, p.pointer])).toEqual([
      ['SCHEMA', '/parcels/2/weight'],
      ['REQUIRED_PARCEL_FIELD_MISSING', '/parcels/1/weight'],
      ['REQUIRED_PARCEL_FIELD_MISSING', '/parcels/2/weight'],
    ]);
    expect(result.problems.find((p) => p.pointer === '/parcels/1/weight')!.message).toBe(
      'Parcel 1 has no weight, which /0/products/0/country_combinations/0/required_parcel_fields requires on every parcel.',
    );
  });

  it('REQUIRED_PARCEL_FIELD_MISSING on a parcel that is no object points at the parcel, which exists', () => {
    const result = check((s) => {
      s.parcels = [false];
    });
    expect(result.problems.filter((p) => p.code === 'REQUIRED_PARCEL_FIELD_MISSING').map((p) => p.pointer)).toEqual([
      '/parcels/0',
    ]);
  });
});

describe('what the check leaves unchecked, and why', () => {
  const only = (result: ShipmentCheck, code: string) => {
    expect(uncheckedCodes(result)).toEqual([code]);
    const [item] = result.unchecked;
    expect(item!.what).not.toBe('');
    expect(item!.reason).toMatch(/not specified|no |lists product code/);
    return item!;
  };

  it('NO_PRODUCT_CODE: without a product nothing of the file applies', () => {
    const result = check((s) => delete s.product_code);
    expect(only(result, 'NO_PRODUCT_CODE')).toMatchObject({
      pointer: '/product_code',
      reason: 'the shipment gives no product_code',
    });
    expect(result.ok).toBe(true);
  });

  it('NO_COUNTRY: without both country codes no combination can be chosen', () => {
    expect(
      only(
        check((s) => delete s.sender.country_code),
        'NO_COUNTRY',
      ),
    ).toMatchObject({ pointer: '/sender/country_code', reason: expect.stringContaining('no sender.country_code') });
    expect(
      only(
        check((s) => delete s.receiver),
        'NO_COUNTRY',
      ).reason,
    ).toContain('no receiver.country_code');
  });

  it('AMBIGUOUS_PRODUCT: a product code the file lists twice is checked against the first', () => {
    const result = check((s) => {
      s.product_code = 'np_shop';
      s.receiver.country_code = 'DK';
    });
    expect(only(result, 'AMBIGUOUS_PRODUCT')).toMatchObject({
      pointer: '/product_code',
      what: expect.stringContaining('/1/products/1'),
    });
    expect(result.combination).toBe('/0/products/1/country_combinations/0');
  });

  it('AMBIGUOUS_PRODUCT: of a product code listed twice, the one with the route is checked', () => {
    const result = check((s) => {
      s.product_code = 'np_shop';
      s.sender.country_code = 'NO';
      s.receiver.country_code = 'NO';
    });
    expect(result.problems).toEqual([]);
    expect(result.combination).toBe('/1/products/1/country_combinations/0');
    expect(only(result, 'AMBIGUOUS_PRODUCT')).toMatchObject({
      what: 'the products /0/products/1 of the same code',
      reason: expect.stringContaining('checked against /1/products/1'),
    });
  });

  it('NO_AGREEMENT_CHOSEN: without own_agreement the agreement is not checked', () => {
    const result = check((s) => {
      delete s.own_agreement;
      s.receiver.country_code = 'NO';
    });
    expect(uncheckedCodes(result)).toEqual(['NO_AGREEMENT_CHOSEN', 'CUSTOMS_DECLARATION']);
    expect(result.ok).toBe(true);
    // …nor the services that need the own agreement.
    expect(
      check((s) => {
        delete s.own_agreement;
        s.service_codes = 'np_saturday';
      }).problems,
    ).toEqual([]);
  });

  it('SERVICE_CODES_FORMAT: a value that is no service code of the file is not split on a guess', () => {
    const result = check((s) => {
      s.service_codes = 'np_sms,np_saturday';
    });
    expect(only(result, 'SERVICE_CODES_FORMAT')).toMatchObject({
      pointer: '/service_codes',
      reason: expect.stringContaining('whether several may be given, and how, is not specified'),
    });
    // Nor are the required services reported missing then.
    const required = check((s) => {
      s.receiver.country_code = 'DE';
      s.service_codes = 'np_email np_sms';
    });
    expect(required.problems).toEqual([]);
  });

  it('a required field name read as a dotted path or with _ for ., where exactly one field fits', async () => {
    const { readFieldName } = await import('../../packages/contract/src/preflight/field-names.ts');
    expect(readFieldName('reference')).toEqual({ name: 'reference', path: 'reference', how: 'as written' });
    expect(readFieldName('receiver.email')).toEqual({
      name: 'receiver.email',
      path: 'receiver.email',
      how: 'as a dotted path',
    });
    expect(readFieldName('sender_country_code')).toEqual({
      name: 'sender_country_code',
      path: 'sender.country_code',
      how: 'with _ for .',
    });
    for (const open of ['receiver_phone', 'phone', 'receiver.phone', 'sender.email', 'receiver__email'])
      expect(readFieldName(open), open).toBeUndefined();
    expect(readFieldName('receiver_email', true)).toBeUndefined();
    // Read so, a missing field is a problem at its own pointer.
    const missing = check((s) => {
      s.receiver.country_code = 'FI';
      delete s.receiver.email;
    });
    expect(missing.problems).toEqual([
      expect.objectContaining({ code: 'REQUIRED_FIELD_MISSING', pointer: '/receiver/email' }),
    ]);
    expect(missing.problems[0]!.message).toContain('receiver_email (read with _ for .: receiver.email)');
  });

  it('FIELD_NAME_OPEN and PARCEL_FIELD_NAME_OPEN: names that are no field of the body as specified', () => {
    const result = check(to('FI'), { exactNames: true });
    expect(uncheckedCodes(result)).toEqual(['FIELD_NAME_OPEN', 'PARCEL_FIELD_NAME_OPEN']);
    expect(result.unchecked[0]).toMatchObject({
      what: 'the required field receiver_email',
      setupPointer: '/0/products/0/country_combinations/3/required_fields',
    });
    expect(result.unchecked[1]).toMatchObject({
      what: 'the required parcel field girth',
      setupPointer: '/0/products/0/country_combinations/3/required_parcel_fields',
    });
    expect(result.ok).toBe(true);
  });

  it('NO_PARCELS: required parcel fields with no parcels', () => {
    const result = check((s) => {
      s.parcels = [];
    });
    expect(only(result, 'NO_PARCELS')).toMatchObject({
      pointer: '/parcels',
      what: 'the required parcel fields weight',
    });
  });

  it('CUSTOMS_DECLARATION and CUSTOMER_NUMBER: the customs fields and the customer number are not specified', () => {
    const result = check((s) => {
      s.own_agreement = true;
      s.receiver.country_code = 'NO';
    });
    expect(uncheckedCodes(result).sort()).toEqual(['CUSTOMER_NUMBER', 'CUSTOMS_DECLARATION']);
    expect(result.unchecked.find((u) => u.code === 'CUSTOMER_NUMBER')!.what).toContain('["5102345"]');
    expect(result.ok).toBe(true);
  });
});

describe('a field of another type than the contract gives it', () => {
  const findingsAt = (result: ShipmentCheck, pointer: string) =>
    [...result.problems, ...result.unchecked].filter((finding) => finding.pointer === pointer).map((f) => f.code);
  // Each field on a route where the rule that reads it would otherwise speak: DK → SE requires parcels
  // and their weight, and leaves the agreement open without own_agreement; DK → DE requires np_email.
  it.each([
    ['own_agreement', 'SE', ['yes', 1, null, {}, []]],
    ['parcels', 'SE', ['x', 3, null, {}, true]],
    ['service_codes', 'DE', [42, ['np_email'], null, {}, true]],
  ] as const)('%s gives one finding at its pointer, the SCHEMA problem', (field, country, values) => {
    for (const value of values) {
      const result = check((s) => {
        s.receiver.country_code = country;
        s[field] = value;
      });
      expect(findingsAt(result, `/${field}`), `${field}: ${JSON.stringify(value)}`).toEqual(['SCHEMA']);
      expect(result.ok).toBe(false);
    }
  });

  it('is read as neither absent nor empty where the schema names an earlier problem', () => {
    // own_agreement comes first in the schema: its problem is the one SCHEMA names.
    const result = check((s) => {
      s.receiver.country_code = 'DE';
      s.own_agreement = 'yes';
      s.service_codes = null;
      s.parcels = { weight: 1 };
    });
    expect(result.problems.map((p) => [p.code, p.pointer])).toEqual([['SCHEMA', '/own_agreement']]);
    expect(result.unchecked).toEqual([]);
  });
});

describe('a name the setup file repeats', () => {
  const twice = (names: string[]) => {
    const file = setupFile();
    file[0]!.products[0]!.country_combinations[0]!.required_parcel_fields = names;
    return file;
  };

  it('is reported once', () => {
    const missing = checkShipment(twice(['weight', 'weight']), { ...shipment(), parcels: [{ quantity: 1 }] });
    expect(missing.problems.map((p) => [p.code, p.pointer])).toEqual([
      ['REQUIRED_PARCEL_FIELD_MISSING', '/parcels/0/weight'],
    ]);
    const open = checkShipment(twice(['girth', 'girth']), shipment());
    expect(open.unchecked.map((u) => u.code)).toEqual(['PARCEL_FIELD_NAME_OPEN']);
    const none = checkShipment(twice(['weight', 'weight']), { ...shipment(), parcels: [] });
    expect(none.unchecked).toEqual([
      expect.objectContaining({ code: 'NO_PARCELS', what: 'the required parcel fields weight' }),
    ]);
  });
});

describe('the index', () => {
  it('answers routes, products, combinations and services', () => {
    expect(index.combination('np_shop', 'NO', 'NO')?.pointer).toBe('/1/products/1');
    expect(
      index.routes({ from: 'NO', to: 'NO' }).map((r) => [r.carrier.code, r.products.map((p) => p.product.code)]),
    ).toEqual([['fjord_freight', ['ff_pallet', 'np_shop']]]);
    expect(index.routes({ from: 'DK', to: 'US' })).toEqual([]);
    expect(index.product('ff_pallet')).toMatchObject({ pointer: '/1/products/0', carrier: { code: 'fjord_freight' } });
    expect(index.product('nope')).toBeUndefined();
    expect(index.products('np_shop').map((p) => p.pointer)).toEqual(['/0/products/1', '/1/products/1']);
    expect(index.combination('np_home', 'DK', 'NO')?.combinationPointer).toBe('/0/products/0/country_combinations/1');
    expect(index.combination('np_home', 'SE', 'DK')).toBeUndefined();
    const services = index.services('np_home', 'DK', 'DE')!;
    expect(services.required.map((s) => s.service.code)).toEqual(['np_email']);
    expect(services.available).toEqual([]);
    expect(index.hasServiceCode('ff_tail_lift')).toBe(true);
    expect(index.hasServiceCode('np_sms,np_saturday')).toBe(false);
  });

  it('refuses a file that breaks the contract, naming the JSON pointer', () => {
    const broken = setupFile() as any;
    broken[0].products[0].country_combinations[1].receiver_country_code = 'no';
    expect(() => carrierSetupIndex(broken)).toThrow(ShippingApiError);
    expect(() => carrierSetupIndex(broken)).toThrow('/0/products/0/country_combinations/1/receiver_country_code');
    expect(() => checkShipment({} as any, shipment())).toThrow('checkShipment needs a carrier setup file');
  });
});
