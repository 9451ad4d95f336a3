// The generator profile is the bundle in other forms: the same operations (the download too, at no
// path, in components.pathItems), the same schemas, and none of the constructs the generators
// cannot read.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pointerSegment } from 'shipping-api-v3-contract';
import { parse } from 'yaml';
import { BUNDLE, PROFILE } from '../support/harness/client-generators.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const load = (file: string) => parse(readFileSync(file, 'utf8'));
const bundle = load(BUNDLE);
const profile = load(PROFILE);

const operations = (doc: any) =>
  [
    ...Object.entries(doc.paths),
    ...Object.entries(doc.components.pathItems ?? {}).map(([name, item]) => [`#/components/pathItems/${name}`, item]),
  ].flatMap(([path, item]: any[]) =>
    METHODS.filter((m) => item[m]).map((m) => ({ path, item, method: m, operation: item[m] })),
  );

/** Every node of doc with its JSON pointer. */
function* nodes(node: unknown, pointer = ''): Generator<[string, unknown]> {
  yield [pointer, node];
  if (node && typeof node === 'object')
    for (const [key, child] of Object.entries(node)) yield* nodes(child, `${pointer}/${pointerSegment(key)}`);
}

describe('generated/openapi.generators.yaml', () => {
  it('has every operation of the bundle, the download at no path as in the bundle', () => {
    const ids = (doc: any) =>
      operations(doc)
        .map((o) => `${o.path} ${o.operation.operationId}`)
        .sort();
    expect(ids(profile)).toEqual(ids(bundle));
    expect(ids(profile)).toContain('#/components/pathItems/CarrierSetupFile downloadCarrierSetupFile');
    expect(Object.keys(profile.paths)).not.toContain('/carrier-setup-file');
  });

  it('has the same schemas and the same info, servers and security', () => {
    expect(Object.keys(profile.components.schemas)).toEqual(Object.keys(bundle.components.schemas));
    for (const key of ['openapi', 'info', 'servers', 'security', 'tags'])
      expect(profile[key], key).toEqual(bundle[key]);
  });

  it('has no range status codes, path-item summaries, boolean property schemas or integer header parameters', () => {
    const found: string[] = [];
    for (const { path, item, operation } of operations(profile)) {
      for (const code of Object.keys(operation.responses)) if (/X/i.test(code)) found.push(`${path} ${code}`);
      if ('summary' in item || 'description' in item) found.push(`${path} path-item summary`);
    }
    for (const [at, node] of nodes(profile)) {
      const value = node as Record<string, any> | null;
      if (value && typeof value === 'object' && value.properties) {
        for (const [name, sub] of Object.entries(value.properties))
          if (typeof sub === 'boolean') found.push(`${at}/properties/${name}`);
      }
      const schema = value?.schema?.$ref
        ? profile.components.schemas[value.schema.$ref.split('/').pop()]
        : value?.schema;
      if (value?.in === 'header' && schema?.type !== 'string') found.push(`${at} header schema`);
    }
    expect(found).toEqual([]);
  });

  it('keeps each success of the bundle under concrete codes, with the same body schema', () => {
    for (const { path, method, operation } of operations(bundle)) {
      const range = operation.responses['2XX'];
      if (!range) continue;
      const concrete = profile.paths[path][method].responses;
      expect(
        Object.keys(concrete).filter((code) => code.startsWith('2')),
        `${method} ${path}`,
      ).toEqual(range.content ? ['200', '201', '202', '203'] : ['200', '201', '202', '203', '204']);
      // The same media types and schemas; a media type the bundle leaves without a schema gets `{}`.
      const withSchemas = Object.fromEntries(
        Object.entries(range.content ?? {}).map(([type, media]: [string, any]) => [
          type,
          'schema' in media ? media : { ...media, schema: {} },
        ]),
      );
      if (range.content) expect(concrete['200'].content, `${method} ${path}`).toEqual(withSchemas);
    }
  });
});
