// GET /_sandbox/metrics: the sandbox's metrics in Prometheus's text format, without credentials, for
// the scraper of whoever hosts it.
import type { RouteHandlerMethod } from 'fastify';
import type { SandboxMetrics } from '../http/metrics.ts';

/** The handler of the metrics, by operationId. */
export function metricsHandlers(metrics: SandboxMetrics): Record<string, RouteHandlerMethod> {
  return {
    getSandboxMetrics: async (_request, reply) =>
      reply
        .type(metrics.contentType)
        .header('Cache-Control', 'no-store')
        .send(await metrics.exposition()),
  };
}
