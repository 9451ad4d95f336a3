// The generated validators are one ES module that imports nothing, whatever keywords the schemas
// use; and the generator reads none of what it generates, so a broken artifact cannot stop its own
// regeneration (shown by a run of the generator over a broken copy: standalone.integration.test.ts).
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildSync } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { contractAjv } from '../../dev/build/ajv.ts';
import { standaloneModule } from '../../dev/build/generate.ts';
import { root } from '../../dev/paths.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const dir = tempDirForTests('shipping-standalone-test-');

/** The files a module reaches through its imports and require() calls, itself first, relative to the root. */
function reached(entry: string, options: { packages?: 'external' } = {}): string[] {
  // With packages external, the packages of this repository are still followed, into their src/.
  const external =
    options.packages === 'external'
      ? readdirSync(path.join(root, 'node_modules'))
          .filter((name) => !name.startsWith('.') && !name.startsWith('shipping-api-v3-'))
          .flatMap((name) => [name, `${name}/*`])
      : [];
  const result = buildSync({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    platform: 'node',
    logLevel: 'silent',
    conditions: ['shipping-api-source'],
    external,
  });
  return Object.keys(result.metafile!.inputs);
}

/** A schema that uses every keyword of JSON Schema 2020-12's applicator, validation, format and unevaluated vocabularies. */
const everyKeyword = {
  $id: 'https://shipping.example/everything.schema.json',
  $comment: 'Every keyword of JSON Schema 2020-12 in one schema.',
  title: 'Everything',
  description: 'Annotations, references, applicators, validations and formats.',
  type: 'object',
  $defs: {
    code: { $anchor: 'code', type: 'string', pattern: '^[a-z_]+$', minLength: 2, maxLength: 8 },
    node: {
      $dynamicAnchor: 'node',
      type: 'object',
      properties: { children: { type: 'array', items: { $dynamicRef: '#node' } } },
    },
  },
  required: ['code', 'count'],
  properties: {
    code: { $ref: '#code' },
    count: { type: 'integer', minimum: 1, maximum: 10, multipleOf: 1 },
    ratio: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 },
    tags: {
      type: 'array',
      prefixItems: [{ const: 'first' }],
      items: { type: 'string', enum: ['first', 'a', 'b', 'c'] },
      minItems: 1,
      maxItems: 4,
      uniqueItems: true,
      contains: { const: 'a' },
      minContains: 1,
      maxContains: 1,
    },
    list: { type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: false },
    tree: { $ref: '#/$defs/node' },
    link: { type: 'string', format: 'uri' },
    mail: { type: 'string', format: 'email' },
    when: { type: 'string', format: 'date-time' },
    id: { type: 'string', format: 'uuid' },
    blob: { type: 'string', contentEncoding: 'base64', contentMediaType: 'application/json' },
    kind: { type: 'string', default: 'plain', deprecated: true, readOnly: true, writeOnly: false, examples: ['plain'] },
    pair: {
      type: 'object',
      minProperties: 1,
      maxProperties: 3,
      propertyNames: { pattern: '^[a-z][a-z0-9]*$' },
      patternProperties: { '^x': { type: 'number' } },
      additionalProperties: { type: 'string' },
      dependentRequired: { a: ['b'] },
      dependentSchemas: { c: { properties: { d: { type: 'string' } }, required: ['d'] } },
    },
    choice: {
      allOf: [{ type: ['string', 'number', 'null'] }],
      anyOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }],
      oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'null' }],
      not: { const: 'forbidden' },
    },
    shape: {
      type: 'object',
      properties: { round: { type: 'boolean' }, radius: { type: 'number' }, side: { type: 'number' } },
      if: { properties: { round: { const: true } }, required: ['round'] },
      // biome-ignore lint/suspicious/noThenProperty: the keyword then of JSON Schema, in a schema that is never awaited
      then: { required: ['radius'] },
      else: { required: ['side'] },
    },
  },
  unevaluatedProperties: false,
};

const good = {
  code: 'ab_c',
  count: 3,
  ratio: 0.5,
  tags: ['first', 'a', 'b'],
  list: ['x'],
  tree: { children: [{ children: [] }] },
  link: 'https://shipping.example/a',
  mail: 'a@shipping.example',
  when: '2026-11-21T15:30:00Z',
  id: '6f1c0e3a-2b4d-4c8e-9f10-1a2b3c4d5e6f',
  blob: 'e30=',
  kind: 'plain',
  pair: { x1: 1, a: 'y', b: 'z' },
  choice: 'text',
  shape: { round: true, radius: 1 },
};

/** Each a change of the good instance that one keyword refuses. */
const breaking: [string, (d: any) => void][] = [
  ['required', (d) => delete d.count],
  ['pattern, through $ref to an $anchor', (d) => (d.code = 'AB')],
  ['minLength', (d) => (d.code = 'a')],
  ['maxLength, counted in characters', (d) => (d.code = 'abcdefghi')],
  ['minimum', (d) => (d.count = 0)],
  ['maximum', (d) => (d.count = 11)],
  ['type integer', (d) => (d.count = 1.5)],
  ['exclusiveMinimum', (d) => (d.ratio = 0)],
  ['exclusiveMaximum', (d) => (d.ratio = 1)],
  ['prefixItems with const', (d) => (d.tags[0] = 'a')],
  ['enum', (d) => d.tags.push('z')],
  ['maxItems', (d) => d.tags.push('c', 'c')],
  ['uniqueItems', (d) => d.tags.push('b')],
  ['maxContains', (d) => d.tags.push('a')],
  ['minContains', (d) => (d.tags = ['first', 'b'])],
  ['unevaluatedItems', (d) => d.list.push('y')],
  ['$dynamicRef', (d) => (d.tree.children[0].children = [1])],
  ['format uri', (d) => (d.link = 'not a uri')],
  ['format email', (d) => (d.mail = 'nobody')],
  ['format date-time', (d) => (d.when = '2026-11-21 15:30')],
  ['format uuid', (d) => (d.id = 'x')],
  ['minProperties', (d) => (d.pair = {})],
  ['maxProperties', (d) => (d.pair.e = 'x')],
  ['propertyNames', (d) => (d.pair = { A: 'x' })],
  ['patternProperties', (d) => (d.pair.x1 = 'one')],
  ['additionalProperties', (d) => (d.pair.a = 1)],
  ['dependentRequired', (d) => delete d.pair.b],
  ['dependentSchemas', (d) => (d.pair = { c: 'x' })],
  ['allOf', (d) => (d.choice = true)],
  ['not', (d) => (d.choice = 'forbidden')],
  ['if and then', (d) => delete d.shape.radius],
  ['if and else', (d) => (d.shape = { round: false })],
  ['unevaluatedProperties', (d) => (d.extra = 1)],
];

describe('the generated validators are one ES module that imports nothing', () => {
  it('generated/validators/index.js reaches no other file', () => {
    expect(reached('generated/validators/index.js')).toEqual(['generated/validators/index.js']);
  });

  describe('generated from a schema with every keyword of JSON Schema 2020-12', async () => {
    // Strict mode of the contract's Ajv, but for its two warnings about style, not about keywords:
    // a tuple open to more items, and a required property defined beside if/then rather than in them.
    const ajv = contractAjv(
      { components: { schemas: { Everything: everyKeyword } } },
      { code: { source: true, esm: true }, strictTuples: false, strictRequired: false },
    );
    const file = path.join(dir, 'everything.mjs');
    writeFileSync(file, standaloneModule(ajv, { Everything: everyKeyword.$id }));
    const { Everything } = await import(pathToFileURL(file).href);

    it('imports nothing, not even the runtime helpers of minLength, maxLength, enum, uniqueItems or formats', () => {
      expect(reached(path.relative(root, file))).toEqual([path.relative(root, file)]);
    });

    it('accepts an instance that obeys every keyword', () => {
      expect(Everything(good), JSON.stringify(Everything.errors)).toBe(true);
    });

    it.each(breaking)('refuses an instance that breaks %s', (_, breakIt) => {
      const bad = structuredClone(good);
      breakIt(bad);
      expect(Everything(bad)).toBe(false);
    });
  });
});

describe('the generator reads none of what it generates', () => {
  it.each(['scripts/build.ts'])(
    '%s imports nothing under generated/, and not packages/contract/src/artifacts.ts',
    (script) => {
      const files = reached(script, { packages: 'external' });
      expect(files).toContain('dev/build/generate.ts');
      expect(files.some((file) => file.startsWith('packages/'))).toBe(true);
      expect(
        files.filter((file) => /(^|\/)generated\//.test(file) || file === 'packages/contract/src/artifacts.ts'),
      ).toEqual([]);
    },
  );
});

describe("the contract's extensions", () => {
  it('are annotations to Ajv in strict mode: x-unspecified, x-http-standard, and $anchor', () => {
    const ajv = contractAjv({ components: { schemas: {} } });
    const validate = ajv.compile({
      $anchor: 'marked',
      type: 'string',
      pattern: '^[a-z]+$',
      'x-unspecified': 'What is open.',
      'x-http-standard': 'RFC 9110 §14.2',
    });
    expect(validate('abc')).toBe(true);
    expect(validate('ABC')).toBe(false);
  });
});
