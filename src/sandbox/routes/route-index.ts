// GET /_sandbox/: an index of what the sandbox serves, without credentials, so that the address
// `npm start` prints opens in a browser.
import type { FastifyInstance } from 'fastify';
import { BASE_PATH, type SandboxContext } from '../context.ts';

const ROUTES = [
  {
    method: 'GET',
    path: `${BASE_PATH}/setups/carriers`,
    description: 'request, poll and locate the carrier setup file',
  },
  {
    method: 'GET',
    path: '/files/{hash}/{token}.json',
    description: 'the carrier setup file, at the url of a COMPLETED status; Range and If-Range',
  },
  { method: 'POST', path: `${BASE_PATH}/shipments`, description: 'create a shipment; the Partner ID is stored on it' },
  { method: 'POST', path: `${BASE_PATH}/sales_orders`, description: 'create a sales order' },
  { method: 'POST', path: `${BASE_PATH}/imported_shipments`, description: 'create an imported shipment' },
  {
    method: 'POST',
    path: `${BASE_PATH}/shipment_drafts`,
    description: 'create a shipment draft (Partner-ID header only)',
  },
  {
    method: 'GET',
    path: '/_sandbox/attributions',
    description: 'the Partner IDs stored on what the calling API user created',
  },
  { method: 'DELETE', path: '/_sandbox/state', description: 'forget everything of the calling API user' },
  { method: 'GET', path: '/_sandbox/faults', description: 'the faults queued for the calling API user' },
  {
    method: 'POST',
    path: '/_sandbox/faults',
    description: 'queue a fault: throttle, cut_download, expire_url, unavailable',
  },
];

export function routeIndexRoutes(app: FastifyInstance, context: SandboxContext): void {
  const index = (request: Parameters<SandboxContext['origin']>[0]) => ({
    sandbox: 'Sandbox of the Shipping Service Public API v3 (docs/sandbox.md)',
    baseUrl: `${context.origin(request)}${BASE_PATH}`,
    credentials:
      'HTTP Basic: any API user with a non-empty API key; each API user is an account of its own. This index needs none.',
    routes: ROUTES,
  });
  app.get('/_sandbox', (request, reply) => reply.send(index(request)));
  app.get('/_sandbox/', (request, reply) => reply.send(index(request)));
}
