// The sandbox's metrics for Prometheus (prom-client), in a registry of each app's own, so that
// several sandboxes in one process keep theirs apart: requests by route template, method and status,
// their latency, carrier setup generations started and store errors. No label holds a user name, a
// key, a Partner ID or an address asked for.
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { routeTemplate } from './route-template.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics of this sandbox: the lifecycle and the store report through it. */
    sandboxMetrics: SandboxMetrics;
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

export function createMetrics(): SandboxMetrics {
  const registry = new Registry();
  const registers = [registry];
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'sandbox_http_requests_total',
    help: 'Requests answered, by method, route template and status.',
    labelNames,
    registers,
  });
  const latency = new Histogram({
    name: 'sandbox_http_request_duration_seconds',
    help: 'Time from the arrival of a request to its answer, by method, route template and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const generations = new Counter({
    name: 'sandbox_generations_started_total',
    help: 'Carrier setup file generations started.',
    registers,
  });
  const storeErrors = new Counter({
    name: 'sandbox_store_errors_total',
    help: 'Operations of the state store that failed.',
    registers,
  });
  // The counter and histogram of each method, route and status, made once: prom-client hashes the
  // labels of every call that names them, a cost on each request.
  const series = new Map<string, { count: { inc(): void }; time: { observe(seconds: number): void } }>();
  return {
    requestAnswered(method, route, status, seconds) {
      const key = `${method} ${status} ${route}`;
      let one = series.get(key);
      if (!one) {
        const labels = { method, route, status };
        one = { count: requests.labels(labels), time: latency.labels(labels) };
        series.set(key, one);
      }
      one.count.inc();
      one.time.observe(seconds);
    },
    generationStarted: () => generations.inc(),
    storeError: () => storeErrors.inc(),
    exposition: async () => `${await registry.metrics()}\n${await processMetrics().metrics()}`,
    contentType: registry.contentType,
  };
}

/** Counts every answer of `app` by its route template, and makes the metrics `app.sandboxMetrics`. */
export function measureRequests(app: FastifyInstance, metrics: SandboxMetrics): void {
  app.decorate('sandboxMetrics', metrics);
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.requestAnswered(request.method, routeTemplate(request), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
