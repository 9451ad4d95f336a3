// The sandbox's own routes under /_sandbox, registered from its OpenAPI document (openapi.json at the
// package's root, published with it): each operation's method and path, whether it takes
// credentials (its security), what the route index says of it (its summary), and the JSON Schema of
// its request body, which Fastify checks before the handler runs (http/validation.ts). The document also
// describes the API's operations, copied from the contract by the build with the answers the sandbox
// adds; the API's routes serve those from the contract itself.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/** Where the sandbox's own routes live; the document's other paths are the API's. */
const SANDBOX_PREFIX = '/_sandbox';

/** The $id under which the document's components are known to its Ajv. */
export const SANDBOX_DOCUMENT_ID = 'https://shipping.example/sandbox/openapi.json';

interface Operation {
  operationId: string;
  summary: string;
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: { $ref: string } }> };
}

interface SandboxDocument {
  security: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: object };
}

export const SANDBOX_DOCUMENT = JSON.parse(
  readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'),
) as SandboxDocument;

/**
 * Registers on `app` every operation of the document that takes credentials (`secured`) or none,
 * each with its handler by operationId. An operation without a handler, or a handler without an
 * operation, is a fault of the sandbox, found as it starts.
 */
export function registerOperations(
  app: FastifyInstance,
  handlers: Record<string, RouteHandlerMethod>,
  secured: boolean,
): void {
  const unused = new Set(Object.keys(handlers));
  for (const [path, methods] of Object.entries(SANDBOX_DOCUMENT.paths)) {
    // The API's operations, described there as the sandbox answers them, are routed from the contract.
    if (!path.startsWith(SANDBOX_PREFIX)) continue;
    for (const [method, operation] of Object.entries(methods)) {
      if ((operation.security ?? SANDBOX_DOCUMENT.security).length > 0 !== secured) continue;
      const handler = handlers[operation.operationId];
      if (!handler) throw new Error(`The sandbox has no handler of ${operation.operationId} (${method} ${path}).`);
      unused.delete(operation.operationId);
      const body = operation.requestBody ? { body: { content: operation.requestBody.content } } : undefined;
      app.route({
        method: method.toUpperCase(),
        url: path,
        handler,
        config: { description: operation.summary },
        ...(body ? { schema: body } : {}),
      });
    }
  }
  if (unused.size > 0) throw new Error(`The sandbox's document has no operation ${[...unused].join(', ')}.`);
}
