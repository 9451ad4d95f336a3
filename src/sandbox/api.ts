// The API under /api/public/v3 and the file addresses a COMPLETED status hands out: a hook that
// answers a queued `unavailable` fault and reads the Partner-ID header on every request, then the
// routes by concern (routes/).
import type { FastifyInstance } from 'fastify';
import { checkPartnerId } from './attribution.ts';
import type { SandboxContext } from './context.ts';
import { sendProblem } from './problems.ts';
import { carrierSetupRoutes } from './routes/carrier-setup.ts';
import { creationRoutes } from './routes/creations.ts';
import { setupFileRoutes } from './routes/setup-file.ts';

/** The routes of the API; the caller has put authentication in front of them. */
export function apiRoutes(app: FastifyInstance, context: SandboxContext): void {
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    const account = context.state.peek(request.sandboxUser);
    const fault = account?.faults.length ? account.takeFault('unavailable') : undefined;
    if (fault) {
      if (fault.retryAfterSeconds !== undefined) reply.header('Retry-After', String(fault.retryAfterSeconds));
      sendProblem(
        reply,
        503,
        'The sandbox answers 503 because an "unavailable" fault was queued for this API user (POST /_sandbox/faults).',
      );
      return;
    }
    try {
      checkPartnerId(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
  carrierSetupRoutes(app, context);
  setupFileRoutes(app, context);
  creationRoutes(app, context);
}
