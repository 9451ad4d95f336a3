// The sandbox as a Fastify application: authentication in front of the API, the file addresses and
// the /_sandbox routes; every error answered as a problem (RFC 9457) with a 4xx status (the 401s,
// with their challenge, are made by auth.ts).
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { apiRoutes } from './api.ts';
import { BASE_PATH, type SandboxContext } from './context.ts';
import { registerAuth } from './auth.ts';
import type { KeyHasher } from './accounts/key-hash.ts';
import { resolveOptions, type SandboxOptions } from './options.ts';
import { describeValue, SandboxProblem, sendProblem } from './problems.ts';
import { sandboxRoutes } from './routes/controls.ts';
import { routeIndexRoutes } from './routes/route-index.ts';
import { SandboxState } from './state.ts';

export interface SandboxAppOptions extends SandboxOptions {
  /** The origin written into file addresses; by default the address the server listens on. */
  origin?: string;
  /** The scrypt that checks API keys against the accounts file; node:crypto's unless given (a test counts its calls). */
  keyHasher?: KeyHasher;
}

function handleError(bodyLimit: number) {
  return (error: FastifyError | SandboxProblem, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof SandboxProblem) {
      return sendProblem(reply, error.statusCode, error.message, error.errors);
    }
    const status = error.statusCode;
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(reply, 413, `The body is larger than ${bodyLimit} bytes, the sandbox's limit.`);
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(
          reply,
          415,
          `Content-Type ${describeValue(request.headers['content-type'] ?? '')} is not accepted: send the body as JSON with Content-Type: application/json.`,
        );
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendProblem(reply, 400, 'The body is empty: send a JSON document.', [
          { pointer: '', message: 'is empty' },
        ]);
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendProblem(reply, 400, 'The Content-Length header does not match the body.', [
          { header: 'Content-Length', message: 'does not match the body' },
        ]);
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return sendProblem(reply, 400, `The body is not JSON: ${error.message}`, [
          { pointer: '', message: 'is not JSON' },
        ]);
    }
    if (typeof status === 'number' && status >= 400 && status < 500) return sendProblem(reply, status, error.message);
    // A fault of the sandbox itself: say so, without echoing the request.
    process.stderr.write(
      `sandbox: ${request.method} ${request.routeOptions.url ?? ''} failed: ${error.stack ?? error.message}\n`,
    );
    return sendProblem(
      reply,
      500,
      'The sandbox failed on this request; this is a fault of the sandbox, not of the request.',
    );
  };
}

/** The origin a listening address is reached at; an address of every interface is reached on loopback. */
export function originOf(address: AddressInfo): string {
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? '127.0.0.1'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/** The sandbox, ready to listen or to be called with inject(). */
export function createSandbox(options: SandboxAppOptions = {}): FastifyInstance {
  const resolved = resolveOptions(options);
  const app = Fastify({
    logger: false,
    bodyLimit: resolved.bodyLimit,
    forceCloseConnections: true,
    frameworkErrors(error, _request, reply) {
      sendProblem(reply, 400, `The request could not be routed: ${error.message}.`);
    },
  });
  // JSON only: Fastify's own JSON parser stays, its text/plain parser goes (415 instead).
  app.removeContentTypeParser('text/plain');

  const origin = options.origin?.replace(/\/+$/, '');
  const context: SandboxContext = {
    options: resolved,
    state: new SandboxState(),
    // The address the request came to (localhost stays localhost), so that a client sends its
    // credentials to the file address as it does to the API; else the address the sandbox listens on.
    origin(request) {
      if (origin) return origin;
      if (request.host) return `http://${request.host}`;
      const address = app.server.address();
      return address && typeof address === 'object' ? originOf(address) : 'http://localhost';
    },
  };

  app.setErrorHandler(handleError(resolved.bodyLimit));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    sendProblem(
      reply,
      404,
      `No route ${request.method} ${describeValue(path)}. The API lives under ${BASE_PATH} (GET /setups/carriers; POST /shipments, /sales_orders, /imported_shipments, /shipment_drafts); the sandbox's own routes under /_sandbox.`,
    );
  });

  routeIndexRoutes(app, context);
  app.register(async (scope) => {
    await registerAuth(scope, { accounts: resolved.accounts, keyHasher: options.keyHasher });
    scope.register(async (api) => apiRoutes(api, context));
    scope.register(async (control) => sandboxRoutes(control, context));
  });
  return app;
}
