// The thread of types.ts: each message is a bundle's JSON text, answered with its types
// (generated/schema.d.ts) as openapi-typescript writes them, or with the error it gave.
import { parentPort } from 'node:worker_threads';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

parentPort!.on('message', async ({ id, json }: { id: number; json: string }) => {
  try {
    const ast = await openapiTS(JSON.parse(json));
    parentPort!.postMessage({ id, source: `${COMMENT_HEADER}${astToString(ast)}` });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
