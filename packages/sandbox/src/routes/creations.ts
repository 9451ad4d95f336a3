// POST /shipments, /sales_orders, /imported_shipments and /shipment_drafts: the body checked against
// the contract (body-checks.ts), the Partner ID stored on what is created (attribution.ts).
import type { FastifyInstance } from 'fastify';
import { attribute } from '../attribution.ts';
import { VALIDATORS } from '../body-checks.ts';
import { BASE_PATH, type SandboxContext } from '../context.ts';
import { type ProblemItem, sendProblem } from '../problems.ts';
import { settingOf } from '../settings.ts';
import type { ResolvedOptions } from '../options.ts';
import { checkShipment } from 'shipping-api-v3-client';
import { carrierSetupIndex } from 'shipping-api-v3-client';
import type { Kind } from '../state.ts';

const CREATIONS: Record<string, Kind> = {
  '/shipments': 'shipment',
  '/sales_orders': 'sales_order',
  '/imported_shipments': 'imported_shipment',
  '/shipment_drafts': 'shipment_draft',
};

/**
 * With checkShipments, the problems of the pre-flight check of a shipment against the sandbox's own
 * setup file; an empty list when it passes, or when the option is off.
 */
function setupFileProblems(options: ResolvedOptions): (kind: Kind, body: unknown) => ProblemItem[] {
  if (!options.checkShipments) return () => [];
  const index = carrierSetupIndex(JSON.parse(options.setupFile.bytes.toString('utf8')));
  return (kind, body) =>
    kind === 'shipment'
      ? checkShipment(index, body).problems.map((p) => ({ pointer: p.pointer, message: `${p.code}: ${p.message}` }))
      : [];
}

export function creationRoutes(app: FastifyInstance, { store, options, bodyProblems }: SandboxContext): void {
  const offeredBySetupFile = setupFileProblems(options);
  for (const [path, kind] of Object.entries(CREATIONS)) {
    const { validate, schema } = VALIDATORS[kind];
    app.post(`${BASE_PATH}${path}`, async (request, reply) => {
      const body = request.body;
      if (body === undefined) {
        if (request.headers['content-type'] === undefined) {
          return sendProblem(
            reply,
            415,
            'The request has no Content-Type: send the body as JSON with Content-Type: application/json.',
          );
        }
        return sendProblem(reply, 400, 'The request has no body: send a JSON object.');
      }
      if (!validate(body)) {
        const errors = bodyProblems(kind, body);
        return sendProblem(
          reply,
          422,
          `The body breaks the ${schema} schema of the contract: ${errors.map((e) => `${e.pointer || '/'} ${e.message}`).join('; ')}.`,
          errors,
        );
      }
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
