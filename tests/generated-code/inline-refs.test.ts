// The generated validators are compiled from the component schemas with their references inlined
// (withInlinedRefs): they accept and reject what the schemas of the description do, name the same
// first problem, and check a setup file in one function.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as generated from '../../generated/validators/index.js';
import { contractAjv, DOCUMENT_ID, withInlinedRefs } from '../../dev/build/ajv.ts';
import { VALIDATED } from '../../dev/build/generate.ts';
import { root } from '../../dev/paths.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';

const example = (name: string): unknown =>
  parse(readFileSync(path.join(root, 'openapi/components/examples', `${name}.yaml`), 'utf8')).value;

describe('withInlinedRefs', () => {
  const schemas = {
    Code: { type: 'string', pattern: '^[a-z]+$', title: 'Code' },
    Annotated: {
      type: 'object',
      properties: { code: { $ref: '#/components/schemas/Code', description: 'The code.', examples: ['abc'] } },
    },
    Checked: { type: 'object', properties: { code: { $ref: '#/components/schemas/Code', maxLength: 3 } } },
    Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } },
    Forest: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
    Elsewhere: { $ref: 'https://example.com/other.json' },
  };
  const inlined = withInlinedRefs(schemas) as Record<string, any>;

  it('replaces a reference beside annotations only by its target, keeping the annotations of the referring schema', () => {
    expect(inlined.Annotated.properties.code).toEqual({
      type: 'string',
      pattern: '^[a-z]+$',
      title: 'Code',
      description: 'The code.',
      examples: ['abc'],
    });
  });

  it('keeps a reference beside a keyword that checks something', () => {
    expect(inlined.Checked.properties.code).toEqual({ $ref: '#/components/schemas/Code', maxLength: 3 });
  });

  it('keeps a reference that leads back into a component on its way, and one outside the components', () => {
    expect(inlined.Tree.properties.children.items).toEqual({ $ref: '#/components/schemas/Tree' });
    expect(inlined.Forest.items.properties.children.items).toEqual({ $ref: '#/components/schemas/Tree' });
    expect(inlined.Elsewhere).toEqual({ $ref: 'https://example.com/other.json' });
  });

  it('leaves the schemas it was given unchanged', () => {
    expect(schemas.Annotated.properties.code).toEqual({
      $ref: '#/components/schemas/Code',
      description: 'The code.',
      examples: ['abc'],
    });
  });
});

describe('the generated validators', () => {
  // The same Ajv settings, on the schemas as the description has them (references not inlined).
  const ajv = contractAjv(readJson(bundlePath));
  const original = Object.fromEntries(
    VALIDATED.map((name) => [name, ajv.compile({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` })]),
  );
  // The named examples of each body; a schema without any is tried on the examples it gives itself.
  const examples: Partial<Record<(typeof VALIDATED)[number], string[]>> = {
    CarrierSetupFile: ['CarrierSetupFile'],
    CarrierSetupStatus: ['CarrierSetupStatusRequested', 'CarrierSetupStatusInProgress', 'CarrierSetupStatusCompleted'],
    CarrierSetupStatusPending: ['CarrierSetupStatusRequested', 'CarrierSetupStatusInProgress'],
    CarrierSetupStatusCompleted: ['CarrierSetupStatusCompleted'],
    ShipmentCreate: ['ShipmentCreate', 'ShipmentCreateLegacyPartnerId'],
    SalesOrderCreate: ['SalesOrderCreate', 'SalesOrderCreateLegacyPartnerId'],
    ImportedShipmentCreate: ['ImportedShipmentCreateLegacyPartnerId'],
    ShipmentDraftCreate: ['ShipmentDraftCreate'],
  };
  const bundledSchemas = readJson(bundlePath).components.schemas;
  /** The named examples of a schema, or its own `examples` when it has none. */
  const examplesOf = (name: (typeof VALIDATED)[number]): [string, unknown][] =>
    examples[name]?.map((exampleName) => [exampleName, example(exampleName)]) ??
    bundledSchemas[name].examples.map((value: unknown) => [JSON.stringify(value), value]);

  /** Every place in a JSON value, as a path of keys. */
  const places = (value: unknown, at: (string | number)[] = []): (string | number)[][] => {
    const own = [at];
    if (Array.isArray(value)) return own.concat(...value.map((item, i) => places(item, [...at, i])));
    if (value && typeof value === 'object')
      return own.concat(...Object.entries(value).map(([key, item]) => places(item, [...at, key])));
    return own;
  };

  // Values that come near what the schemas check: codes, country codes, decimals, dates, numbers.
  const near = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    fc.constantFrom(
      '',
      'DK',
      'dk',
      'DKK',
      'carrier_a',
      'Carrier',
      'ab-c',
      'ø',
      '–',
      '12',
      '-1.5',
      '1,5',
      '2026-11-20T14:03:27Z',
      '2026-13-40T00:00:00Z',
      '2026-11-20T14:03:27.5+01:00',
      '20261120T1403Z',
      'https://x.example/f.json',
      'not a url',
      null,
      true,
      10042,
      10042.5,
      -1,
      0,
      [],
      {},
    ),
  );

  /** The example with one change at one of its places: a value replaced, a key removed, or a key added. */
  const mutated = (value: unknown) =>
    fc
      .record({
        place: fc.constantFrom(...places(value)),
        change: fc.constantFrom('replace', 'remove', 'add'),
        key: fc.constantFrom('note', 'code', 'extra', 'status', 'url'),
        with: near,
      })
      .map(({ place, change, key, with: replacement }) => {
        const copy = structuredClone(value) as any;
        if (place.length === 0) return change === 'replace' ? replacement : copy;
        const parent = place.slice(0, -1).reduce((node, step) => node[step], copy);
        const last = place.at(-1)!;
        if (change === 'replace') parent[last] = replacement;
        else if (change === 'remove' && Array.isArray(parent)) parent.splice(Number(last), 1);
        else if (change === 'remove') delete parent[last];
        else if (parent[last] && typeof parent[last] === 'object' && !Array.isArray(parent[last]))
          parent[last][key] = replacement;
        else parent[last] = replacement;
        return copy;
      });

  const firstProblem = (
    errors: readonly { instancePath: string; keyword: string; params: unknown; message?: string }[] | null | undefined,
  ) => {
    const problem = errors?.[0];
    return (
      problem && {
        instancePath: problem.instancePath,
        keyword: problem.keyword,
        params: problem.params,
        message: problem.message,
      }
    );
  };

  it.each(VALIDATED)(
    '%s accepts and rejects what the schema of the description does, with the same first problem',
    (name) => {
      const validate = generated[name];
      for (const [exampleName, value] of examplesOf(name)) {
        expect(validate(value), exampleName).toBe(true);
        fc.assert(
          fc.property(mutated(value), (data) => {
            const expected = original[name]!(data);
            expect(validate(data)).toBe(expected);
            if (!expected) expect(firstProblem(validate.errors)).toEqual(firstProblem(original[name]!.errors));
          }),
          { numRuns: 300 },
        );
      }
    },
  );

  it('checks a setup file in one function, which calls no other validator', () => {
    const source = String(generated.CarrierSetupFile);
    expect(source).toMatch(/^function validate\d+\(/);
    expect(source.match(/validate\d+\(/g)).toHaveLength(1);
  });
});
