// Every named example of the description validates against the schema it illustrates, and the
// example setup file validates against the standalone JSON Schema alone.
import { describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import {
  bundlePath,
  contractValidators,
  readJson,
  setupFileSchemaPath,
  resolveRef,
} from '../support/harness/contract.ts';

const bundle = readJson(bundlePath);
const validators = contractValidators(bundle);

const resolve = (node: any): any => resolveRef(bundle, node);

interface Illustrated {
  where: string;
  schema: any;
  examples: Record<string, any>;
}

/** Every media type with named examples, and every parameter or header with an example. */
function illustrated(): Illustrated[] {
  const found: Illustrated[] = [];
  const media = (where: string, content: Record<string, any> = {}) => {
    for (const [type, m] of Object.entries(content)) {
      // A body without a schema (the bytes of a 206 slice) is checked against the setup file in
      // examples-setup.test.ts.
      if (m.examples && m.schema) found.push({ where: `${where} ${type}`, schema: m.schema, examples: m.examples });
    }
  };
  const pathItems = {
    ...bundle.paths,
    ...Object.fromEntries(
      Object.entries(bundle.components.pathItems).map(([name, item]) => [`#/components/pathItems/${name}`, item]),
    ),
  };
  for (const [path, item] of Object.entries<any>(pathItems)) {
    for (const method of ['get', 'post']) {
      const op = item[method];
      if (!op) continue;
      if (op.requestBody) media(`${method.toUpperCase()} ${path} request`, resolve(op.requestBody).content);
      for (const [code, response] of Object.entries<any>(op.responses))
        media(`${method.toUpperCase()} ${path} ${code}`, resolve(response).content);
    }
  }
  for (const [name, p] of Object.entries<any>(bundle.components.parameters))
    found.push({ where: `parameter ${name}`, schema: p.schema, examples: { example: { value: p.example } } });
  for (const [name, h] of Object.entries<any>(bundle.components.headers))
    found.push({ where: `header ${name}`, schema: h.schema, examples: { example: { value: h.example } } });
  return found;
}

const validatorFor = (schema: any) =>
  schema.$ref ? validators.at(schema.$ref.slice(1)) : validators.ajv.compile(schema);

describe('examples', () => {
  const all = illustrated();

  it('every request body and every response with a body shape has named examples', () => {
    const where = all.map((i) => i.where);
    for (const expected of [
      'GET /setups/carriers 2XX application/json',
      'GET #/components/pathItems/CarrierSetupFile 200 */*',
      'POST /shipments request application/json',
      'POST /sales_orders request application/json',
      'POST /imported_shipments request application/json',
      'POST /shipment_drafts request application/json',
    ]) {
      expect(where).toContain(expected);
    }
  });

  it('one named example per setup status', () => {
    const status = all.find((i) => i.where === 'GET /setups/carriers 2XX application/json')!;
    const states = Object.values(status.examples).map((e) => resolve(e).value.status);
    expect(states.sort()).toEqual(['COMPLETED', 'IN_PROGRESS', 'REQUESTED']);
  });

  for (const { where, schema, examples } of all) {
    for (const [name, ex] of Object.entries(examples)) {
      it(`${where}: example "${name}" validates`, () => {
        const validate = validatorFor(schema);
        const ok = validate(resolve(ex).value);
        expect(ok, JSON.stringify(validate.errors)).toBe(true);
      });
    }
  }

  it('an example that breaks its schema is caught', () => {
    const validate = validators.at('/components/schemas/SalesOrderCreate');
    const broken = structuredClone(bundle.components.examples.SalesOrderCreate.value);
    broken.order_lines[0].vat_percent = '0,25';
    expect(validate(broken)).toBe(false);
  });

  it('the example setup file validates against the standalone JSON Schema alone', () => {
    const schema = readJson(setupFileSchemaPath);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toMatch(/^https:\/\//);
    // A plain Ajv that knows nothing of OpenAPI: the file's schema stands alone. Ajv's strict mode
    // wants the one vendor keyword declared; JSON Schema itself lets unknown keywords pass.
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    addFormats.default(ajv);
    ajv.addKeyword('x-unspecified');
    const validate = ajv.compile(schema);
    expect(validate(bundle.components.examples.CarrierSetupFile.value), JSON.stringify(validate.errors)).toBe(true);
    expect(validate([{ code: 'sample_freight', name: 'Sample Freight', products: [] }])).toBe(false);
  });

  it('the description and the standalone schema agree: the description takes its setup-file schemas from it', () => {
    const standalone = readJson(setupFileSchemaPath);
    const rewrite = (node: unknown): unknown =>
      JSON.parse(JSON.stringify(node).replaceAll('"#/$defs/', '"#/components/schemas/'));
    for (const name of Object.keys(standalone.$defs)) {
      expect(bundle.components.schemas[name], name).toEqual(rewrite(standalone.$defs[name]));
    }
  });
});

describe('the example setup file says only what the specification gives', () => {
  const file: any[] = readJson(bundlePath).components.examples.CarrierSetupFile.value;
  const combinations = file.flatMap((carrier) =>
    carrier.products.flatMap((product: any) => product.country_combinations),
  );

  it('names shipment fields only as the specification gives them (receiver_email is read as receiver.email)', async () => {
    const { readFieldName } = await import('../../packages/contract/src/preflight/field-names.ts');
    const names = combinations.flatMap((c) => [
      ...c.required_fields,
      ...c.optional_fields,
      ...[...c.available_services, ...c.required_services].flatMap((s: any) => [
        ...s.required_fields,
        ...s.optional_fields,
      ]),
    ]);
    expect(names.length).toBeGreaterThan(0);
    expect(names.filter((name) => !readFieldName(name))).toEqual([]);
    // Parcel fields are those of section 2.3; dangerous-goods field names are not given at all.
    const parcel = new Set(['quantity', 'weight', 'length', 'width', 'height']);
    expect(
      combinations
        .flatMap((c) => [...c.required_parcel_fields, ...c.optional_parcel_fields])
        .filter((n) => !parcel.has(n)),
    ).toEqual([]);
    expect(combinations.flatMap((c) => c.optional_dg_fields)).toEqual([]);
  });

  it('gives carriers, products and services plainly fictional names, none of a real carrier', () => {
    const text = JSON.stringify(file).toLowerCase();
    for (const real of [
      'postnord',
      'gls',
      'dhl',
      'ups',
      'fedex',
      'bring',
      'budbee',
      'posti',
      'schenker',
      'dao',
      'mypack',
    ]) {
      expect(text, real).not.toMatch(new RegExp(`\\b${real}\\b|"${real}_`));
    }
  });
});
