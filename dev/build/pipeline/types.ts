// generated/schema.d.ts with openapi-typescript's Node API, from the bundle in memory, with its
// default options (the settings of its command line when given no flags). It validates the document
// with its own Redocly engine and rules; the contract's lint is the project's own (lint.ts).
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

export async function typesSource(document: unknown): Promise<string> {
  const ast = await openapiTS(structuredClone(document) as never);
  return `${COMMENT_HEADER}${astToString(ast)}`;
}
