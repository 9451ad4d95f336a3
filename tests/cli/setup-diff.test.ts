// `setup diff`: hand-made pairs of setup files, one for each kind of change, diffed in this process;
// keys written twice; the command's summary, --json, exit codes and bad input; --shipments. (As a
// process of its own and in a terminal of 80 columns: setup-diff.integration.test.ts.)
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { SetupChange } from '../../packages/cli/src/setup-diff/changes.ts';
import { diffSetupFiles } from '../../packages/cli/src/setup-diff/diff.ts';
import { duplicateKey } from '../../packages/cli/src/setup-diff/duplicates.ts';
import { shipment as preflightShipment } from '../support/fixtures/preflight.ts';
import { ANSI, folder, run } from '../support/harness/cli.ts';
import { edited, example, removedAndRequired } from '../support/fixtures/setup-diff.ts';

const diff = (edit: (file: any) => void) => diffSetupFiles(example, edited(edit));

// The example's entries: demopost › dp_pickup_point (DK → DK, DK → SE), dp_parcel (DK → NO);
// sample_freight › sf_private (DK → DK).
const pickup = { carrier: 'demopost', product: 'dp_pickup_point' };
const pickupSE = { ...pickup, sender: 'DK', receiver: 'SE' };
const parcelNO = { carrier: 'demopost', product: 'dp_parcel', sender: 'DK', receiver: 'NO' };
const service = (code: string, extra: object = {}) => ({
  code,
  name: `Tjeneste ${code}`,
  required_fields: [],
  optional_fields: [],
  own_agreement_required: false,
  ...extra,
});

describe('setup diff finds each kind of change, keyed by code', () => {
  const newCarrier = { code: 'nord_freight', name: 'Nord Freight', products: structuredClone(example[1]!.products) };
  const newProduct = { ...structuredClone(example[0]!.products[1]!), code: 'dp_express', name: 'Express' };
  const newRoute = {
    ...structuredClone(example[0]!.products[1]!.country_combinations[0]!),
    receiver_country_code: 'FI',
  };
  const cases: [string, (f: any) => void, SetupChange[]][] = [
    [
      'a carrier added',
      (f) => f.push(newCarrier),
      [{ kind: 'carrier-added', path: { carrier: 'nord_freight' }, new: newCarrier }],
    ],
    [
      'a carrier removed',
      (f) => f.splice(1, 1),
      [{ kind: 'carrier-removed', path: { carrier: 'sample_freight' }, old: example[1] }],
    ],
    [
      'a product added',
      (f) => f[0].products.push(newProduct),
      [{ kind: 'product-added', path: { carrier: 'demopost', product: 'dp_express' }, new: newProduct }],
    ],
    [
      'a product removed',
      (f) => f[0].products.splice(1, 1),
      [{ kind: 'product-removed', path: { carrier: 'demopost', product: 'dp_parcel' }, old: example[0]!.products[1] }],
    ],
    [
      'a route added',
      (f) => f[0].products[1].country_combinations.push(newRoute),
      [{ kind: 'route-added', path: { ...parcelNO, receiver: 'FI' }, new: newRoute }],
    ],
    [
      'a route removed',
      (f) => f[0].products[0].country_combinations.splice(1, 1),
      [{ kind: 'route-removed', path: pickupSE, old: example[0]!.products[0]!.country_combinations[1] }],
    ],
    [
      'an available service added',
      (f) => f[0].products[1].country_combinations[0].available_services.push(service('dp_sms')),
      [{ kind: 'available-service-added', path: { ...parcelNO, service: 'dp_sms' }, new: service('dp_sms') }],
    ],
    [
      'an available service removed',
      (f) => (f[0].products[1].country_combinations[0].available_services = []),
      [
        {
          kind: 'available-service-removed',
          path: { ...parcelNO, service: 'dp_saturday_delivery' },
          old: example[0]!.products[1]!.country_combinations[0]!.available_services[0],
        },
      ],
    ],
    [
      'a required service added',
      (f) => f[0].products[1].country_combinations[0].required_services.push(service('dp_id', { note: 'Vis ID.' })),
      [
        {
          kind: 'required-service-added',
          path: { ...parcelNO, service: 'dp_id' },
          new: service('dp_id', { note: 'Vis ID.' }),
        },
      ],
    ],
    [
      'a required service removed',
      (f) => (f[0].products[0].country_combinations[1].required_services = []),
      [
        {
          kind: 'required-service-removed',
          path: { ...pickupSE, service: 'dp_email_notice' },
          old: example[0]!.products[0]!.country_combinations[1]!.required_services[0],
        },
      ],
    ],
    [
      'a service that was available now required',
      (f) => {
        const c = f[0].products[1].country_combinations[0];
        c.required_services = [{ ...c.available_services[0], note: 'Kun lørdag.' }];
        c.available_services = [];
      },
      [
        expect.objectContaining({
          kind: 'required-service-added',
          path: { ...parcelNO, service: 'dp_saturday_delivery' },
        }),
        expect.objectContaining({
          kind: 'available-service-removed',
          path: { ...parcelNO, service: 'dp_saturday_delivery' },
        }),
      ],
    ],
    [
      'a product moved to a service point',
      (f) => (f[0].products[1].service_point_product = true),
      [
        {
          kind: 'product-moved-to-service-point',
          path: { carrier: 'demopost', product: 'dp_parcel' },
          field: 'service_point_product',
          old: false,
          new: true,
        },
      ],
    ],
    [
      'a product moved away from a service point',
      (f) => (f[0].products[0].service_point_product = false),
      [
        {
          kind: 'product-moved-from-service-point',
          path: pickup,
          field: 'service_point_product',
          old: true,
          new: false,
        },
      ],
    ],
    [
      "a carrier's name",
      (f) => (f[1].name = 'Sample Freight Nordic'),
      [
        {
          kind: 'carrier-changed',
          path: { carrier: 'sample_freight' },
          field: 'name',
          old: 'Sample Freight',
          new: 'Sample Freight Nordic',
        },
      ],
    ],
    [
      "a product's name",
      (f) => (f[0].products[0].name = 'Pakkeshop'),
      [{ kind: 'product-changed', path: pickup, field: 'name', old: 'Pick-up Point Parcel', new: 'Pakkeshop' }],
    ],
    ...(['platform_agreement_available', 'own_agreement_available', 'customs_declaration_required'] as const).map(
      (flag): [string, (f: any) => void, SetupChange[]] => [
        `the flag ${flag}`,
        (f) => (f[0].products[0].country_combinations[1][flag] = !f[0].products[0].country_combinations[1][flag]),
        [
          {
            kind: 'route-changed',
            path: pickupSE,
            field: flag,
            old: example[0]!.products[0]!.country_combinations[1]![flag],
            new: !example[0]!.products[0]!.country_combinations[1]![flag],
          },
        ],
      ],
    ),
    ...(
      [
        'available_customer_numbers',
        'required_fields',
        'optional_fields',
        'required_parcel_fields',
        'optional_parcel_fields',
        'optional_dg_fields',
      ] as const
    ).map((list): [string, (f: any) => void, SetupChange[]] => {
      const old = example[0]!.products[1]!.country_combinations[0]![list];
      const next = [...old.slice(1), 'receiver_phone'];
      return [
        `the list ${list}`,
        (f) => (f[0].products[1].country_combinations[0][list] = next),
        [
          {
            kind: 'route-changed',
            path: parcelNO,
            field: list,
            old,
            new: next,
            added: ['receiver_phone'],
            removed: old.slice(0, 1),
          },
        ],
      ];
    }),
    ...(['package_types', 'allowed_incoterms'] as const).map((list): [string, (f: any) => void, SetupChange[]] => [
      `the list ${list}`,
      (f) => (f[0].products[1].country_combinations[0][list] = [{ code: 'PLT' }, 'DAP']),
      [
        {
          kind: 'route-changed',
          path: parcelNO,
          field: list,
          old: [],
          new: [{ code: 'PLT' }, 'DAP'],
          added: ['DAP', { code: 'PLT' }],
          removed: [],
        },
      ],
    ]),
    [
      "a service's name, own_agreement_required, and field lists",
      (f) => {
        const s = f[0].products[1].country_combinations[0].available_services[0];
        Object.assign(s, { name: 'Lørdag', own_agreement_required: false, required_fields: ['reference'] });
        s.optional_fields = ['receiver_phone'];
      },
      [
        ...(
          [
            ['name', 'Omdeling lørdag', 'Lørdag'],
            ['optional_fields', [], ['receiver_phone']],
            ['own_agreement_required', true, false],
            ['required_fields', [], ['reference']],
          ] as const
        ).map(([field, old, next]) => ({
          kind: 'available-service-changed' as const,
          path: { ...parcelNO, service: 'dp_saturday_delivery' },
          field,
          old,
          new: next,
          ...(Array.isArray(next) ? { added: next, removed: [] } : {}),
        })),
      ],
    ],
    [
      "a required service's note",
      (f) => (f[0].products[0].country_combinations[1].required_services[0].note = 'Ny tekst.'),
      [
        {
          kind: 'required-service-changed',
          path: { ...pickupSE, service: 'dp_email_notice' },
          field: 'note',
          old: example[0]!.products[0]!.country_combinations[1]!.required_services[0]!.note,
          new: 'Ny tekst.',
        },
      ],
    ],
    [
      'a field the specification does not list',
      (f) => (f[0].products[1].x_zone = { id: 2 }),
      [
        {
          kind: 'product-changed',
          path: { carrier: 'demopost', product: 'dp_parcel' },
          field: 'x_zone',
          new: { id: 2 },
        },
      ],
    ],
  ];

  it.each(cases)('%s', (_name, edit, changes) => {
    expect(diff(edit)).toEqual(changes);
  });

  it('finds no change in reordered lists, in names listed twice, or in an element of package_types reordered inside', () => {
    const reordered = edited((f) => {
      f.reverse();
      f[1].products.reverse();
      f[1].products[1].country_combinations.reverse();
      f[1].products[0].country_combinations[0].required_fields = ['reference', 'receiver_email', 'reference'];
    });
    expect(diffSetupFiles(example, reordered)).toEqual([]);
    // An element of package_types is a JSON value: its keys in any order, the list in any order.
    const withTypes = edited((f) => (f[0].products[1].country_combinations[0].package_types = [{ a: 1, b: 2 }, 'X']));
    const keysMoved = edited((f) => (f[0].products[1].country_combinations[0].package_types = ['X', { b: 2, a: 1 }]));
    expect(diffSetupFiles(withTypes, keysMoved)).toEqual([]);
    // Listed twice counts twice there: its element shape is not specified.
    const twice = edited((f) => (f[0].products[1].country_combinations[0].package_types = ['X', 'X', { a: 1, b: 2 }]));
    expect(diffSetupFiles(withTypes, twice)).toEqual([expect.objectContaining({ added: ['X'], removed: [] })]);
    expect(diffSetupFiles(twice, withTypes)).toEqual([expect.objectContaining({ added: [], removed: ['X'] })]);
  });
});

describe('a key written twice', () => {
  const cases: [string, (f: any) => void, string, string][] = [
    ['a carrier code', (f) => f.push(structuredClone(f[0])), '/2', 'the carrier code "demopost"'],
    [
      'a product code of one carrier',
      (f) => (f[0].products[1].code = 'dp_pickup_point'),
      '/0/products/1',
      'the product code "dp_pickup_point" of carrier demopost',
    ],
    [
      'a sender and receiver country pair of one product',
      (f) => (f[0].products[0].country_combinations[1].receiver_country_code = 'DK'),
      '/0/products/0/country_combinations/1',
      'the country combination DK → DK of product dp_pickup_point',
    ],
    [
      'a service code among available_services',
      (f) => {
        const c = f[1].products[0].country_combinations[0];
        c.available_services.push(structuredClone(c.available_services[0]));
      },
      '/1/products/0/country_combinations/0/available_services/1',
      'the service code "sf_flex_delivery" in available_services of DK → DK',
    ],
    [
      'a service code among required_services',
      (f) => {
        const c = f[0].products[0].country_combinations[1];
        c.required_services.push(structuredClone(c.required_services[0]));
      },
      '/0/products/0/country_combinations/1/required_services/1',
      'the service code "dp_email_notice" in required_services of DK → SE',
    ],
  ];

  it.each(cases)('%s is a problem of the file, named by its JSON pointer', (_name, edit, pointer, what) => {
    expect(duplicateKey(edited(edit))).toEqual({ pointer, first: expect.any(String), what });
  });

  it('is not a product code under two carriers, nor a service code both available and required', () => {
    const file = edited((f) => {
      f[1].products[0].code = 'dp_parcel';
      const c = f[0].products[1].country_combinations[0];
      c.required_services = [{ ...c.available_services[0], note: 'Kun lørdag.' }];
    });
    expect(duplicateKey(file)).toBeUndefined();
  });
});

// The pre-flight fixture's shipment, on a product and service of the example setup file.
const shipment: Record<string, any> = {
  ...preflightShipment(),
  product_code: 'dp_pickup_point',
  service_codes: 'dp_email_notice',
};
const files = folder({
  'old.json': example,
  'same.json': edited((f) => f.reverse()),
  'new.json': removedAndRequired,
  'invalid.json': edited((f) => (f[0].products[1].country_combinations[0].receiver_country_code = 'Norway')),
  'twice.json': edited((f) => (f[0].products[1].code = 'dp_pickup_point')),
  'text.json': '{"carriers": ',
});
const shipments = {
  'domestic.json': { ...shipment, service_codes: undefined, receiver: { ...shipment.receiver, country_code: 'DK' } },
  'sweden.json': shipment,
  'norway.json': {
    ...shipment,
    own_agreement: true,
    product_code: 'dp_parcel',
    service_codes: undefined,
    receiver: { ...shipment.receiver, country_code: 'NO' },
    parcels: [{ quantity: 1, weight: 2.5, length: 30, width: 20, height: 15 }],
  },
  'failing-before.json': { ...shipment, product_code: 'dp_nothing' },
  'notes.txt': 'not a shipment',
};
mkdirSync(path.join(files.dir, 'shipments'));
for (const [name, body] of Object.entries(shipments))
  writeFileSync(path.join(files.dir, 'shipments', name), typeof body === 'string' ? body : JSON.stringify(body));
mkdirSync(path.join(files.dir, 'broken-shipments'));
writeFileSync(path.join(files.dir, 'broken-shipments', 'a.json'), JSON.stringify(shipment));
writeFileSync(path.join(files.dir, 'broken-shipments', 'b.json'), '{"product_code": ');
afterAll(() => {
  files.remove();
});
const cli = (argv: string[], options: { env?: NodeJS.ProcessEnv; tty?: boolean; stdin?: string } = {}) =>
  run(['setup', 'diff', ...argv], { cwd: files.dir, ...options });

describe('shipping-api setup diff', () => {
  it('has --help with its arguments, flags and exit codes', async () => {
    const help = await run(['setup', 'diff', '--help'], { cwd: files.dir });
    expect(help.code).toBe(0);
    for (const text of [
      'Usage: shipping-api setup diff [options] <old> <new>',
      '--shipments <dir>',
      '--json',
      'Exit 0',
    ])
      expect(help.stdout).toContain(text);
  });

  it('exits 0 when the files hold the same setup, in any order, and 1 with a summary by carrier and product', async () => {
    expect(await cli(['old.json', 'same.json'])).toMatchObject({
      code: 0,
      stdout: 'old.json and same.json hold the same carrier setup: no change.\n',
    });
    const result = await cli(['old.json', 'new.json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        'old.json → new.json: 3 changes',
        '',
        'Carrier demopost (DemoPost)',
        '  Product dp_parcel (Parcel)',
        '    DK → NO',
        '      + required service dp_saturday_delivery (Omdeling lørdag): "Kun lørdag."',
        '      - available service dp_saturday_delivery (Omdeling lørdag)',
        '  Product dp_pickup_point (Pick-up Point Parcel)',
        '    - route DK → DK',
        '',
      ].join('\n'),
    );
    expect(result.stdout).not.toMatch(ANSI);
  });

  it('prints one JSON object per change with --json, and the files it compared', async () => {
    const result = await cli(['old.json', 'new.json', '--json']);
    expect(result.code).toBe(1);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(JSON.parse(lines[3]!.replace(/,$/, ''))).toEqual({
      kind: 'route-removed',
      path: { ...pickup, sender: 'DK', receiver: 'DK' },
      old: example[0]!.products[0]!.country_combinations[0],
    });
    expect(JSON.parse(result.stdout)).toEqual({
      old: 'old.json',
      new: 'new.json',
      changes: [
        expect.objectContaining({
          kind: 'required-service-added',
          path: { ...parcelNO, service: 'dp_saturday_delivery' },
        }),
        expect.objectContaining({
          kind: 'available-service-removed',
          path: { ...parcelNO, service: 'dp_saturday_delivery' },
        }),
        expect.objectContaining({ kind: 'route-removed' }),
      ],
    });
    expect(JSON.parse((await cli(['old.json', 'same.json', '--json'])).stdout)).toEqual({
      old: 'old.json',
      new: 'same.json',
      changes: [],
    });
  });

  it('reads one of the files from standard input, given as -', async () => {
    const text = readFileSync(path.join(files.dir, 'new.json'), 'utf8');
    const result = await cli(['old.json', '-', '--json'], { stdin: text });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ new: 'standard input', changes: [{}, {}, {}] });
    expect(await cli(['-', 'old.json'], { stdin: text })).toMatchObject({ code: 1 });
  });

  it.each([
    ['not JSON', ['old.json', 'text.json'], 'text.json: the carrier setup file is not JSON'],
    [
      'against the schema',
      ['invalid.json', 'old.json'],
      'invalid.json: The carrier setup file breaks the contract at /0/products/1/country_combinations/0/receiver_country_code',
    ],
    [
      'with a key written twice',
      ['old.json', 'twice.json'],
      'twice.json: /0/products/1 repeats the product code "dp_pickup_point" of carrier demopost (first at /0/products/0)',
    ],
    ['missing', ['old.json', 'nothing.json'], 'nothing.json: cannot read the carrier setup file (no such file)'],
    [
      'from standard input, against the schema',
      ['old.json', '-'],
      'standard input: The carrier setup file breaks the contract at its root',
    ],
    ['- twice', ['-', '-'], 'Only one of the two setup files may be - (standard input).'],
  ])('exits 2 for a file %s, naming the file and where, and writes nothing', async (_name, argv, message) => {
    const result = await cli(argv, { stdin: '[]' });
    expect(result).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining(message) });
    const json = await cli([...argv, '--json'], { stdin: '[]' });
    expect(json.code).toBe(2);
    expect(JSON.parse(json.stdout)).toMatchObject({ error: expect.stringContaining(message), exitCode: 2 });
  });

  it('--shipments lists the shipments that pass against OLD and fail against NEW, with the finding', async () => {
    const result = await cli(['old.json', 'new.json', '--shipments', 'shipments']);
    expect(result.code).toBe(1);
    const report = result.stdout.slice(result.stdout.indexOf('Shipments in'));
    expect(report).toMatch(
      /^Shipments in shipments: 4 checked, 3 pass against old\.json; 2 of them fail\s+against\s+new\.json:\n/,
    );
    expect(report).toContain('  domestic.json\n    ✖ /receiver/country_code  NO_COUNTRY_COMBINATION');
    expect(report).toContain('  norway.json\n    ✖ /service_codes  REQUIRED_SERVICE_MISSING');
    expect(report).toContain('dp_saturday_delivery');
    expect(report).not.toMatch(/sweden|failing-before|notes/);
    expect(result.stdout.split('\n').filter((l) => l.length > 80)).toEqual([]);
    const json = JSON.parse((await cli(['old.json', 'new.json', '--shipments', 'shipments', '--json'])).stdout);
    expect(json.shipments).toEqual({
      folder: 'shipments',
      checked: 4,
      passing: 3,
      broken: [
        { file: 'domestic.json', problems: [expect.objectContaining({ code: 'NO_COUNTRY_COMBINATION' })] },
        { file: 'norway.json', problems: [expect.objectContaining({ code: 'REQUIRED_SERVICE_MISSING' })] },
      ],
    });
  });

  it('--shipments: a folder that cannot be read, or a body that is not JSON, is bad input', async () => {
    expect(await cli(['old.json', 'new.json', '--shipments', 'nowhere'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining('--shipments nowhere: cannot read the folder (no such folder)'),
    });
    expect(await cli(['old.json', 'new.json', '--shipments', 'broken-shipments'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: expect.stringContaining(`${path.join('broken-shipments', 'b.json')}: the shipment is not JSON`),
    });
  });

  it('colours the signs and headings on a terminal only, and never with NO_COLOR', async () => {
    expect((await cli(['old.json', 'new.json'], { tty: true })).stdout).toMatch(ANSI);
    expect((await cli(['old.json', 'new.json'], { tty: true, env: { NO_COLOR: '1' } })).stdout).not.toMatch(ANSI);
  });
});
