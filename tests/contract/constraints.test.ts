// The rule map runs both ways: every constraint of the bundle and of the standalone setup file
// schema is traced to a stated rule of openapi/rules.yaml (an `at` names it by its own pointer), or
// marked x-http-standard, or, for a status code, a media type or a required header, marked
// x-unspecified (tests/support/harness/constraints.ts); a oneOf or an anyOf is a constraint too. A
// constraint that nobody asked for turns this red, naming its JSON pointer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractDir, loadRuleMap, type RuleEntry } from '../support/harness/rule-map.ts';
import { type Constraint, constraintsOf, sourceOf, untraced } from '../support/harness/constraints.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';

const rules = (loadRuleMap() as { rules: RuleEntry[] }).rules;
const bundle = readJson(bundlePath);
const SETUP_SCHEMA = 'schemas/carrier-setup-file.schema.json';
const setupSchema = JSON.parse(readFileSync(path.join(contractDir, SETUP_SCHEMA), 'utf8'));

const inBundle = (document: unknown) => untraced(constraintsOf(document), rules, (pointer) => sourceOf(pointer));
const inSetupSchema = (document: unknown) =>
  untraced(constraintsOf(document, { schemaOnly: true }), rules, (pointer) => `${SETUP_SCHEMA}#${pointer}`);

describe('every constraint has a rule', () => {
  it('of the bundle (generated/openapi.json)', () => {
    expect(inBundle(bundle)).toEqual([]);
  });

  it('of the standalone setup file schema', () => {
    expect(inSetupSchema(setupSchema)).toEqual([]);
  });

  it('finds the constraints of every kind it looks for', () => {
    const found = constraintsOf(bundle);
    const whats = new Set(found.map((c: Constraint) => c.what.split(' ')[0]));
    for (const what of [
      'pattern',
      'required',
      'enum',
      'const',
      'minItems',
      'minimum',
      'format',
      'not',
      'false',
      'status',
      'media',
      'oneOf',
    ])
      expect(whats, what).toContain(what);
    expect(found.map((c) => c.pointer)).toEqual(
      expect.arrayContaining([
        '/paths/~1shipments/post/responses/401',
        '/paths/~1shipments/post/requestBody/content/application~1json',
        '/components/headers/WWW-Authenticate/required',
        '/components/schemas/Carrier/properties/code/pattern',
        '/components/pathItems/CarrierSetupFile/get/responses/200/content/*~1*',
      ]),
    );
  });
});

describe('a constraint nobody asked for turns it red, naming its JSON pointer', () => {
  const planted: [string, (document: any) => void, string][] = [
    [
      'maxLength: 10 on a sender field',
      (d) => (d.components.schemas.Sender.properties.name.maxLength = 10),
      '/components/schemas/Sender/properties/name/maxLength',
    ],
    [
      'a 429 response',
      (d) => (d.paths['/setups/carriers'].get.responses['429'] = { description: 'Throttled.' }),
      '/paths/~1setups~1carriers/get/responses/429',
    ],
    [
      'required: [product_code] on the shipment body',
      (d) => (d.components.schemas.ShipmentCreate.required = ['product_code']),
      '/components/schemas/ShipmentCreate/required',
    ],
    [
      'additionalProperties: false on a carrier',
      (d) => (d.components.schemas.Carrier.additionalProperties = false),
      '/components/schemas/Carrier/additionalProperties',
    ],
    [
      'minItems: 1 on a list of field names',
      (d) => (d.components.schemas.CountryCombination.properties.required_fields.minItems = 1),
      '/components/schemas/CountryCombination/properties/required_fields/minItems',
    ],
    [
      'application/json as the only media type of the download',
      (d) => {
        const ok = d.components.pathItems.CarrierSetupFile.get.responses['200'];
        ok.content = { 'application/json': { schema: ok.content['*/*'].schema } };
      },
      '/components/pathItems/CarrierSetupFile/get/responses/200/content/application~1json',
    ],
    [
      'a required header of a creation',
      (d) => d.paths['/shipments'].post.parameters.push({ name: 'Idempotency-Key', in: 'header', required: true }),
      '/paths/~1shipments/post/parameters/1/required',
    ],
    [
      'an anyOf on a sender field',
      (d) => (d.components.schemas.Sender.properties.city.anyOf = [{ type: 'string' }, { type: 'null' }]),
      '/components/schemas/Sender/properties/city/anyOf',
    ],
    [
      'a oneOf on the receiver',
      (d) => (d.components.schemas.Receiver.oneOf = [{ title: 'With email' }, { title: 'With address' }]),
      '/components/schemas/Receiver/oneOf',
    ],
    [
      'a format on the receiver email',
      (d) => (d.components.schemas.Receiver.properties.email.format = 'email'),
      '/components/schemas/Receiver/properties/email/format',
    ],
  ];

  it.each(planted)('%s', (_, plant, pointer) => {
    const copy = structuredClone(bundle);
    plant(copy);
    const problems = inBundle(copy);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${pointer.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} `));
  });

  it('in the standalone setup file schema too', () => {
    const copy = structuredClone(setupSchema);
    copy.$defs.Product.properties.name.minLength = 1;
    expect(inSetupSchema(copy)).toEqual([expect.stringMatching(/^\/\$defs\/Product\/properties\/name\/minLength /)]);
  });

  it('an x-unspecified on a schema justifies none of its keywords', () => {
    const copy = structuredClone(bundle);
    copy.components.schemas.Parcel.properties.weight.minimum = 0;
    expect(copy.components.schemas.Parcel['x-unspecified']).toBeTruthy();
    expect(inBundle(copy)).toEqual([
      expect.stringMatching(/^\/components\/schemas\/Parcel\/properties\/weight\/minimum /),
    ]);
  });

  it('an open rule traces nothing: only a stated rule does', () => {
    const copy = structuredClone(bundle);
    copy.components.schemas.ImportedShipmentCreate.required = ['partner_id'];
    expect(inBundle(copy)).toEqual([
      expect.stringMatching(/^\/components\/schemas\/ImportedShipmentCreate\/required /),
    ]);
  });
});

describe('sourceOf: where a pointer of the bundle comes from', () => {
  it.each([
    ['/paths/~1shipments/post/requestBody', 'paths/shipments.yaml#/post/requestBody'],
    ['/components/schemas/Sender/properties/name', 'components/schemas/Sender.yaml#/properties/name'],
    ['/components/schemas/Carrier/properties/code', `${SETUP_SCHEMA}#/$defs/Carrier/properties/code`],
    [
      '/components/pathItems/CarrierSetupFile/get/responses/206/content/*~1*',
      'components/pathItems/CarrierSetupFile.yaml#/get/responses/206/content/*~1*',
    ],
    ['/components/headers/WWW-Authenticate', 'components/headers/WWW-Authenticate.yaml#'],
    ['/servers/0/url', 'openapi.yaml#/servers/0/url'],
  ])('%s comes from %s', (pointer, at) => {
    expect(sourceOf(pointer)).toBe(at);
  });
});
