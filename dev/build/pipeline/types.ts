// generated/schema.d.ts with openapi-typescript's Node API, from the bundle in memory: byte for byte
// what its command line writes from the source with the x-openapi-ts settings of redocly.yaml (no
// options of its own: the defaults).
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { createConfig } from '@redocly/openapi-core';

// openapi-typescript validates with its own Redocly configuration; the command line gives it only
// the api (see dev/build/generate.ts), so its rules are openapi-core's defaults.
const config = createConfig({});

export async function typesSource(document: unknown): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as never, { redocly: await config });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}
