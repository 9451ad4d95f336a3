// The sandbox's own routes under /_sandbox, registered from its OpenAPI document (openapi.json at the
// package's root, published with it): each operation's method and path, whether it takes
// credentials (its security), what the route index says of it (its summary), and the JSON Schema of
// its request body, which Fastify checks with an Ajv of the document's schemas before the handler
// runs, filling in the defaults the document states.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifySchemaCompiler, RouteHandlerMethod } from 'fastify';
import type { ValidationProblem } from 'shipping-api-v3-contract';
import { problemItems } from '../body-checks.ts';
import { contractAjv } from '../contract-ajv.ts';
import type { ProblemItem } from '../problems.ts';

/** The $id under which the document's components are known to its Ajv. */
const SANDBOX_DOCUMENT_ID = 'https://shipping.example/sandbox/openapi.json';

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

const document = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')) as SandboxDocument;

/** How a sandbox checks the bodies of its own routes, and says what is wrong with one. */
export interface DocumentValidation {
  compile: FastifySchemaCompiler<unknown>;
  /** The problems of a request body that a route's schema refused, each with its JSON pointer. */
  requestProblems(problems: ValidationProblem[], data: unknown): ProblemItem[];
}

/**
 * The validator of a request body's schema, a $ref into the document, by an Ajv of the sandbox that
 * makes it: one that lists every problem (verbose, so that a problem can name the fields of the
 * object at fault) and fills in defaults, made on the first route.
 */
export function documentValidation(): DocumentValidation {
  let ajv: ReturnType<typeof contractAjv> | undefined;
  const compile: FastifySchemaCompiler<{ $ref: string }> = ({ schema }) => {
    ajv ??= contractAjv(document, { allErrors: true, useDefaults: true, verbose: true }, SANDBOX_DOCUMENT_ID);
    const validate = ajv.getSchema(`${SANDBOX_DOCUMENT_ID}${schema.$ref}`);
    if (!validate) throw new Error(`The sandbox's document has no schema at ${schema.$ref}.`);
    return validate;
  };
  return {
    compile: compile as FastifySchemaCompiler<unknown>,
    requestProblems: (problems, data) =>
      problemItems(problems, data, (ref) => ajv?.getSchema(`${SANDBOX_DOCUMENT_ID}${ref}`)?.schema as object),
  };
}

/**
 * Registers on `app` every operation of the document that takes credentials (`secured`) or none,
 * each with its handler by operationId. An operation without a handler, or a handler without an
 * operation, is a fault of the sandbox, found as it starts.
 */
export function registerOperations(
  app: FastifyInstance,
  handlers: Record<string, RouteHandlerMethod>,
  secured: boolean,
  validation: DocumentValidation,
): void {
  const unused = new Set(Object.keys(handlers));
  app.setValidatorCompiler(validation.compile);
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if ((operation.security ?? document.security).length > 0 !== secured) continue;
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
