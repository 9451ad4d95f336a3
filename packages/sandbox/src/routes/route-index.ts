// GET /_sandbox: an index of what the sandbox serves, without credentials, so that the address
// `npm start` prints opens in a browser; also at /_sandbox/.
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { admitted } from '../accounts/auth.ts';
import { BASE_PATH, type SandboxContext } from '../http/context.ts';

/**
 * What each route of the API is for, by method and path as the routes register them; the /_sandbox
 * routes say it in their config (document.ts).
 */
const DESCRIPTIONS: Record<string, string> = {
  [`GET ${BASE_PATH}/setups/carriers`]: 'request, poll and locate the carrier setup file',
  'GET /files/:hash/:name': 'the carrier setup file, at the url of a COMPLETED status; Range and If-Range',
  [`POST ${BASE_PATH}/shipments`]: 'create a shipment; the Partner ID is stored on it',
  [`POST ${BASE_PATH}/sales_orders`]: 'create a sales order',
  [`POST ${BASE_PATH}/imported_shipments`]: 'create an imported shipment',
  [`POST ${BASE_PATH}/shipment_drafts`]: 'create a shipment draft (Partner-ID header only)',
};

/**
 * The index's handler, by operationId. It lists the routes as they are registered (an onRoute hook
 * added now, before any route), so that it cannot miss one; the HEAD twins Fastify adds to GET
 * routes, and the index itself, are left out. The index answers at /_sandbox/ too.
 */
export function routeIndexHandlers(app: FastifyInstance, context: SandboxContext): Record<string, RouteHandlerMethod> {
  const routes: { method: string; path: string; description: string }[] = [];
  app.addHook('onRoute', ({ method, url, config }) => {
    for (const one of [method].flat()) {
      if (one === 'HEAD' || url.replace(/\/$/, '') === '/_sandbox') continue;
      const description = config?.description;
      routes.push({ method: one, path: url, description: description ?? DESCRIPTIONS[`${one} ${url}`] ?? '' });
    }
  });
  const index: RouteHandlerMethod = (request, reply) =>
    reply.send({
      sandbox: 'Sandbox of the Shipping Service Public API v3 (docs/sandbox.md)',
      baseUrl: `${context.origin(request)}${BASE_PATH}`,
      credentials: `HTTP Basic: ${admitted(context.options.accounts)}. This index, the health checks and the metrics need none.`,
      routes,
    });
  app.get('/_sandbox/', index);
  return { getSandboxIndex: index };
}
