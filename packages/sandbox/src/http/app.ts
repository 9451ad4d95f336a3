// The sandbox as a Fastify application: its JSON body parser, its store, authentication in front of
// the API, the file addresses and the /_sandbox routes; every error answered as a problem (RFC 9457)
// with a 4xx status (the 401s, with their challenge, are made by accounts/auth.ts), or 503 when the store does
// not answer.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { ValidationProblem } from 'shipping-api-v3-contract';
import { apiRoutes } from './api.ts';
import { BASE_PATH, type SandboxContext } from './context.ts';
import type { KeyHasher } from '../accounts/key-hash.ts';
import { registerAuth } from '../accounts/auth.ts';
import { corsOrigins, registerCors } from './cors.ts';
import { jsonBodyParser } from './json-body.ts';
import { DISCARD_FACTOR, discardBody } from './oversized-body.ts';
import { checkLogLevel, type LogDestination, logOptions, reportFault } from './logging.ts';
import type { LogLevel } from '../config/settings.ts';
import { countUnmatched, createMetrics, measureRequests, type SandboxMetrics } from './metrics.ts';
import { resolveOptions, type SandboxOptions } from '../config/options.ts';
import { describeValue, SandboxProblem, sendProblem } from './problems.ts';
import { controlHandlers } from '../routes/controls.ts';
import { registerOperations } from '../routes/document.ts';
import { type BodyValidation, bodyValidation, type SandboxContract } from './validation.ts';
import { type HealthChecks, healthHandlers } from '../routes/health.ts';
import { metricsHandlers } from '../routes/metrics.ts';
import { routeIndexHandlers } from '../routes/route-index.ts';
import { routeTemplate } from './route-template.ts';
import { StatusBodies } from '../service/status-bodies.ts';
import { openStore, type SandboxStore, StoreUnavailable } from '../store/index.ts';
import { endConnectionsOnClose } from './stopping.ts';

export interface SandboxAppOptions extends SandboxOptions {
  /** The origin written into file addresses; by default the address the request came to. */
  origin?: string;
  /** The scrypt that checks API keys against the accounts file; node:crypto's unless given (a test counts its calls). */
  keyHasher?: KeyHasher;
  /** JSON log lines at this level (pino's levels, or `silent`); no log when left out. */
  logLevel?: LogLevel;
  /** Where the log lines go; process.stderr by default. */
  logDestination?: LogDestination;
  /** The contract bodies are checked against, asked at each check; the contract package's by default. */
  contract?: () => SandboxContract;
  /** @internal How long a start waits for the store (STORE_WAIT_MS): less for tests of a store that never answers. */
  storeWaitMs?: number;
  /** @internal The readiness check in place of the store's ping, for tests. */
  ping?: HealthChecks['ping'];
}

/** How long a start waits for the store before it goes on, answering 503 until the store is there. */
const STORE_WAIT_MS = 3000;

const STORE_DOWN =
  "The sandbox's store does not answer, so the request was not carried out. Try again shortly; GET /_sandbox/health/ready tells when the store is back.";

const contentType = (request: FastifyRequest) => describeValue(request.headers['content-type'] ?? '');

function handleError(bodyLimit: number, logged: boolean, metrics: SandboxMetrics, validation: BodyValidation) {
  return (error: FastifyError | SandboxProblem, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof SandboxProblem) {
      return sendProblem(reply, error.statusCode, error.message, error.errors);
    }
    if (error instanceof StoreUnavailable) {
      metrics.storeError();
      reply.header('Retry-After', '1');
      return sendProblem(reply, 503, STORE_DOWN);
    }
    if (error.validation) {
      const items = validation.problems(error.validation as ValidationProblem[], request.body);
      const problems = items.map((item) => `${item.pointer || '/'} ${item.message}`).join('; ');
      const schema = request.routeOptions.config.contractSchema;
      const what = schema
        ? `The body breaks the ${schema} schema of the contract`
        : `The body of ${request.method} ${routeTemplate(request)} is not valid`;
      return sendProblem(reply, 422, `${what}: ${problems}.`, items);
    }
    const status = error.statusCode;
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return discardBody(request.raw, DISCARD_FACTOR * bodyLimit).then(() =>
          sendProblem(reply, 413, `The body is larger than ${bodyLimit} bytes, the sandbox's limit.`),
        );
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(
          reply,
          415,
          `Content-Type ${contentType(request)} is not accepted: send the body as JSON with Content-Type: application/json.`,
        );
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendProblem(reply, 400, 'The Content-Length header does not match the body.', [
          { header: 'Content-Length', message: 'does not match the body' },
        ]);
    }
    if (typeof status === 'number' && status >= 400 && status < 500) return sendProblem(reply, status, error.message);
    // A fault of the sandbox itself: say so, without echoing the request.
    reportFault(request, error, logged);
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

/** Waits for the store at start (without failing: the sandbox answers 503 until it is there), and closes it last. */
function attachStore(
  app: FastifyInstance,
  store: SandboxStore,
  notice: (line: string) => void,
  waitMs = STORE_WAIT_MS,
): void {
  app.addHook('onReady', async () => {
    if (!(await store.connected(waitMs)))
      notice(`the store ${store.description} is not reachable yet; API calls answer 503 until it is.`);
  });
  app.addHook('onClose', () => store.close());
}

/** The sandbox, ready to listen or to be called with inject(). */
export function createSandbox(options: SandboxAppOptions = {}): FastifyInstance {
  const resolved = resolveOptions(options);
  const logLevel = checkLogLevel(options.logLevel);
  const app = Fastify({
    ...logOptions(logLevel, options.logDestination),
    bodyLimit: resolved.bodyLimit,
    // On close, idle keep-alive connections close at once and requests in flight finish (stopping.ts).
    forceCloseConnections: 'idle',
    frameworkErrors(error, _request, reply) {
      sendProblem(reply, 400, `The request could not be routed: ${error.message}.`);
    },
  });
  // JSON only, read by secure-json-parse as Fastify's own parser reads it, with the reasons of a refusal
  // kept (json-body.ts); no text/plain parser (415 instead).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser);

  // CORS for the exact origins of corsOrigin, when given (cors.ts).
  if (resolved.corsOrigin !== undefined) registerCors(app, corsOrigins(resolved.corsOrigin));
  const origin = options.origin?.replace(/\/+$/, '');
  const metrics = createMetrics();
  // What the sandbox has to say outside a request: a warning of its log, or a line of stderr.
  const notice = (line: string) =>
    logLevel === undefined ? process.stderr.write(`sandbox: ${line}\n`) : app.log.warn(line);
  const store = openStore(resolved.store, (error) => notice(`the store ${store.description} failed: ${error.message}`));
  attachStore(app, store, notice, options.storeWaitMs);
  const context: SandboxContext = {
    options: resolved,
    store,
    metrics,
    statusBodies: new StatusBodies(),
    // The address the request came to (localhost stays localhost), so that a client sends its
    // credentials to the file address as it does to the API; else the address the sandbox listens on.
    origin(request) {
      if (origin) return origin;
      if (request.host) return `http://${request.host}`;
      const address = app.server.address();
      return address && typeof address === 'object' ? originOf(address) : 'http://localhost';
    },
  };

  measureRequests(app, metrics);
  endConnectionsOnClose(app);
  const validation = bodyValidation(options.contract);
  app.setValidatorCompiler(validation.compile);
  app.setErrorHandler(handleError(resolved.bodyLimit, logLevel !== undefined, metrics, validation));
  app.setNotFoundHandler({ preHandler: countUnmatched(metrics) }, (request, reply) => {
    const asked = `${request.method} ${describeValue(request.url.split('?')[0] ?? '')}`;
    sendProblem(
      reply,
      404,
      `No route ${asked}. The API lives under ${BASE_PATH} (GET /setups/carriers; POST /shipments, /sales_orders, /imported_shipments, /shipment_drafts); the sandbox's own routes under /_sandbox.`,
    );
  });

  // The /_sandbox routes are the sandbox's document's (routes/document.ts): those without credentials here,
  // the others behind authentication.
  registerOperations(
    app,
    {
      ...routeIndexHandlers(app, context),
      ...healthHandlers({ ping: options.ping ?? (() => store.ping()) }),
      ...metricsHandlers(metrics),
    },
    false,
  );
  app.register(async (scope) => {
    await registerAuth(scope, { accounts: resolved.accounts, keyHasher: options.keyHasher, notice });
    scope.register(async (api) => apiRoutes(api, context));
    scope.register(async (control) => registerOperations(control, controlHandlers(context), true));
  });
  return app;
}
