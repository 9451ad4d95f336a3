// POST /shipments, /sales_orders, /imported_shipments and /shipment_drafts: the body checked against
// the contract's schema by the route (http/validation.ts), the Partner ID stored on what is created
// (service/attribution.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { attribute } from '../service/attribution.ts';
import { BASE_PATH, type SandboxContext } from '../http/context.ts';
import { type ProblemItem, sendProblem } from '../http/problems.ts';
import { settingOf } from '../config/settings.ts';
import type { ResolvedOptions } from '../config/options.ts';
import { checkShipmentAgainst, indexCarrierSetup } from 'shipping-api-v3-contract/preflight';
import type { Kind } from '../service/state.ts';
import { contractSchema } from '../http/validation.ts';

const CREATIONS: Record<string, [Kind, schema: string]> = {
  '/shipments': ['shipment', 'ShipmentCreate'],
  '/sales_orders': ['sales_order', 'SalesOrderCreate'],
  '/imported_shipments': ['imported_shipment', 'ImportedShipmentCreate'],
  '/shipment_drafts': ['shipment_draft', 'ShipmentDraftCreate'],
};

/**
 * With checkShipments, the problems of the pre-flight check of a shipment against the sandbox's own
 * setup file; an empty list when it passes, or when the option is off.
 */
function setupFileProblems(options: ResolvedOptions): (kind: Kind, body: unknown) => ProblemItem[] {
  if (!options.checkShipments) return () => [];
  // The setup file was checked against the contract when the options were resolved.
  const index = indexCarrierSetup(JSON.parse(options.setupFile.bytes.toString('utf8')));
  return (kind, body) =>
    kind === 'shipment'
      ? checkShipmentAgainst(index, body).problems.map((p) => ({
          pointer: p.pointer,
          message: `${p.code}: ${p.message}`,
        }))
      : [];
}

/** A request without a body: 415 without a Content-Type, else 400; before the body's schema is checked. */
async function requireBody(request: FastifyRequest, reply: FastifyReply) {
  if (request.body !== undefined) return;
  if (request.headers['content-type'] === undefined)
    return sendProblem(
      reply,
      415,
      'The request has no Content-Type: send the body as JSON with Content-Type: application/json.',
    );
  return sendProblem(reply, 400, 'The request has no body: send a JSON object.');
}

export function creationRoutes(app: FastifyInstance, { store, options }: SandboxContext): void {
  const offeredBySetupFile = setupFileProblems(options);
  for (const [path, [kind, schema]] of Object.entries(CREATIONS)) {
    const route = {
      schema: { body: contractSchema(schema) },
      config: { contractSchema: schema },
      preValidation: requireBody,
    };
    app.post(`${BASE_PATH}${path}`, route, async (request, reply) => {
      const body = request.body;
      const notOffered = offeredBySetupFile(kind, body);
      if (notOffered.length > 0) {
        const problems = notOffered.map((e) => `${e.pointer} ${e.message}`).join('; ');
        return sendProblem(
          reply,
          422,
          `The sandbox's setup file does not offer this shipment (--${settingOf('checkShipments').flag}): ${problems}`,
          notOffered,
        );
      }
      const id = await store.create(request.sandboxUser, kind, attribute(kind, request.partnerId, body));
      return reply.code(201).type('application/json').send(`{"id":"${id}"}`);
    });
  }
}
