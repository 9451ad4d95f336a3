// The sandbox's metrics for Prometheus, each app's its own, so that several sandboxes in one process
// keep theirs apart: requests by method, route template and status with their latency, carrier
// setup generations started and store errors, and the process's own metrics (prom-client). No label
// holds a user name, a key, a Partner ID or an address asked for.
import type { FastifyInstance, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { UNMATCHED } from './route-template.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() at the request's first hook. */
    sandboxArrivedAt: number;
  }
}

export interface SandboxMetrics {
  /** One answered request, by the route it matched; `seconds` from its arrival to its answer. */
  requestAnswered(method: string, route: string, status: number, seconds: number): void;
  /** A carrier setup generation started (a poll answered REQUESTED). */
  generationStarted(): void;
  /** An operation of the state store failed. */
  storeError(): void;
  /** The text exposition of this sandbox's metrics, then the process's. */
  exposition(): Promise<string>;
  /** The Content-Type of the exposition. */
  readonly contentType: string;
}

// From a tenth of a millisecond (a poll answered from memory) to a second (a store far away).
const LATENCY_BUCKETS = [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

let processRegistry: Registry | undefined;

/**
 * The metrics of the process (CPU, memory, event loop, garbage collection): one registry for the
 * process, since they describe it rather than an app, made at the first scrape, since prom-client
 * never stops their collectors.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Requests and their latency by method, route template and status: prom-client's Counter and Histogram. */
function requestMetrics(registry: Registry): SandboxMetrics['requestAnswered'] {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'sandbox_http_requests_total',
    help: 'Requests answered, by method, route template and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'sandbox_http_request_duration_seconds',
    help: 'Time from the first hook of a request to its answer, by method, route template and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  return (method, route, status, seconds) => {
    const labels = { method, route, status };
    requests.inc(labels);
    latency.observe(labels, seconds);
  };
}

export function createMetrics(): SandboxMetrics {
  const registry = new Registry();
  const generations = new Counter({
    name: 'sandbox_generations_started_total',
    help: 'Carrier setup file generations started.',
    registers: [registry],
  });
  const storeErrors = new Counter({
    name: 'sandbox_store_errors_total',
    help: 'Operations of the state store that failed.',
    registers: [registry],
  });
  return {
    requestAnswered: requestMetrics(registry),
    generationStarted: () => generations.inc(),
    storeError: () => storeErrors.inc(),
    exposition: async () => `${await registry.metrics()}\n${await processMetrics().metrics()}`,
    contentType: registry.contentType,
  };
}

/**
 * Counts every answer of `app` by its route template, from the request's first hook to the answer
 * handed to Node. No onResponse hook, which would make Fastify listen for the end of every
 * response, and no request.routeOptions, which builds an object on each read: each route gets an
 * onSend hook that knows its template. The not-found handler takes `countUnmatched`.
 */
export function measureRequests(app: FastifyInstance, metrics: SandboxMetrics): void {
  app.decorateRequest('sandboxArrivedAt', 0);
  // Callback hooks, not async ones: no promise per request on the hot path.
  app.addHook('onRequest', (request, _reply, done) => {
    request.sandboxArrivedAt = performance.now();
    done();
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const template = route.url;
    const answered: onSendHookHandler = (request, reply, payload, done) => {
      const seconds = (performance.now() - request.sandboxArrivedAt) / 1000;
      metrics.requestAnswered(request.method, template, reply.statusCode, seconds);
      done(null, payload);
    };
    route.onSend = [route.onSend ?? []].flat().concat(answered);
  });
}

/** A preHandler for the not-found handler: counts the request under UNMATCHED once it is answered. */
export function countUnmatched(metrics: SandboxMetrics): preHandlerHookHandler {
  return (request, reply, done) => {
    reply.raw.once('finish', () =>
      metrics.requestAnswered(
        request.method,
        UNMATCHED,
        reply.statusCode,
        (performance.now() - request.sandboxArrivedAt) / 1000,
      ),
    );
    done();
  };
}
