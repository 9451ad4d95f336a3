// GET /_sandbox/metrics: the sandbox's metrics in Prometheus's text format, without credentials, for
// the scraper of whoever hosts it.
import type { FastifyInstance } from 'fastify';
import type { SandboxMetrics } from '../metrics.ts';

export function metricsRoutes(app: FastifyInstance, metrics: SandboxMetrics): void {
  app.get('/_sandbox/metrics', async (_request, reply) =>
    reply
      .type(metrics.contentType)
      .header('Cache-Control', 'no-store')
      .send(await metrics.exposition()),
  );
}
