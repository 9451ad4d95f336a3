// GET /_sandbox/: an index of what the sandbox serves, without credentials, so that the address
// `npm start` prints opens in a browser.
import type { FastifyInstance } from 'fastify';
import { admitted } from '../auth.ts';
import { BASE_PATH, type SandboxContext } from '../context.ts';

/** What each route is for, by method and path as the routes register them. */
const DESCRIPTIONS: Record<string, string> = {
  [`GET ${BASE_PATH}/setups/carriers`]: 'request, poll and locate the carrier setup file',
  'GET /files/:hash/:name': 'the carrier setup file, at the url of a COMPLETED status; Range and If-Range',
  [`POST ${BASE_PATH}/shipments`]: 'create a shipment; the Partner ID is stored on it',
  [`POST ${BASE_PATH}/sales_orders`]: 'create a sales order',
  [`POST ${BASE_PATH}/imported_shipments`]: 'create an imported shipment',
  [`POST ${BASE_PATH}/shipment_drafts`]: 'create a shipment draft (Partner-ID header only)',
  'GET /_sandbox/attributions': 'the Partner IDs stored on what the calling API user created',
  'DELETE /_sandbox/state': 'forget everything of the calling API user',
  'GET /_sandbox/faults': 'the faults queued for the calling API user',
  'POST /_sandbox/faults': 'queue a fault: throttle, cut_download, expire_url, unavailable',
  'GET /_sandbox/health/live': 'without credentials: 200 while the sandbox runs',
  'GET /_sandbox/health/ready': 'without credentials: 200 while its store answers, else 503',
  'GET /_sandbox/metrics': 'without credentials: metrics in the Prometheus text format',
};

/**
 * Registers the index. It lists the routes as they are registered after it (an onRoute hook), so
 * that it cannot miss one; the HEAD twins Fastify adds to GET routes, and the index itself, are left out.
 */
export function routeIndexRoutes(app: FastifyInstance, context: SandboxContext): void {
  const routes: { method: string; path: string; description: string }[] = [];
  app.addHook('onRoute', ({ method, url }) => {
    for (const one of [method].flat()) {
      if (one === 'HEAD' || url.replace(/\/$/, '') === '/_sandbox') continue;
      routes.push({ method: one, path: url, description: DESCRIPTIONS[`${one} ${url}`] ?? '' });
    }
  });
  const index = (request: Parameters<SandboxContext['origin']>[0]) => ({
    sandbox: 'Sandbox of the Shipping Service Public API v3 (docs/sandbox.md)',
    baseUrl: `${context.origin(request)}${BASE_PATH}`,
    credentials: `HTTP Basic: ${admitted(context.options.accounts)}. This index, the health checks and the metrics need none.`,
    routes,
  });
  app.get('/_sandbox', (request, reply) => reply.send(index(request)));
  app.get('/_sandbox/', (request, reply) => reply.send(index(request)));
}
