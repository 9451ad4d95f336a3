// POST /shipments, /sales_orders, /imported_shipments and /shipment_drafts: the body checked against
// the contract (body-checks.ts), the Partner ID stored on what is created (attribution.ts).
import type { FastifyInstance } from 'fastify';
import { attribute } from '../attribution.ts';
import { bodyProblems, VALIDATORS } from '../body-checks.ts';
import { BASE_PATH, type SandboxContext } from '../context.ts';
import { sendProblem } from '../problems.ts';
import type { Kind } from '../state.ts';

const CREATIONS: Record<string, Kind> = {
  '/shipments': 'shipment',
  '/sales_orders': 'sales_order',
  '/imported_shipments': 'imported_shipment',
  '/shipment_drafts': 'shipment_draft',
};

export function creationRoutes(app: FastifyInstance, { state }: SandboxContext): void {
  for (const [path, kind] of Object.entries(CREATIONS)) {
    const { validate, schema } = VALIDATORS[kind];
    app.post(`${BASE_PATH}${path}`, (request, reply) => {
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
      const account = state.account(request.sandboxUser);
      account.counters[kind] += 1;
      const id = `${kind}-${account.counters[kind]}`;
      account.record(attribute(id, kind, request.partnerId, body));
      return reply.code(201).type('application/json').send(`{"id":"${id}"}`);
    });
  }
}
