// The API under /api/public/v3 and the file addresses a COMPLETED status hands out: a hook that reads
// the caller's account, answers a queued `unavailable` fault and reads the Partner-ID header on every
// request, then the routes by concern (routes/). A HEAD request changes nothing: it neither takes a
// fault nor starts a generation.
import type { FastifyInstance } from 'fastify';
import { checkPartnerId } from './partner-id.ts';
import type { SandboxContext } from './context.ts';
import { sendProblem } from './problems.ts';
import { carrierSetupRoutes } from '../routes/carrier-setup.ts';
import { creationRoutes } from '../routes/creations.ts';
import { setupFileRoutes } from '../routes/setup-file.ts';
import { EMPTY_ACCOUNT, type Fault, takeFault } from '../service/state.ts';

const UNAVAILABLE =
  'The sandbox answers 503 because an "unavailable" fault was queued for this API user (POST /_sandbox/faults).';

/** The routes of the API; the caller has put authentication in front of them. */
export function apiRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { store } = context;
  app.decorateRequest('account', undefined);
  app.addHook('onRequest', async (request, reply) => {
    const snapshot = await store.read(request.sandboxUser);
    request.account = snapshot;
    let fault: Fault | undefined;
    if (snapshot.state?.faults.some((f) => f.fault === 'unavailable')) {
      fault =
        request.method === 'HEAD'
          ? takeFault(snapshot.state, ['unavailable']).result
          : await store.update(
              request.sandboxUser,
              (state) => takeFault(state ?? EMPTY_ACCOUNT, ['unavailable']),
              snapshot,
            );
      request.account = undefined;
    }
    if (fault?.fault === 'unavailable') {
      if (fault.retryAfterSeconds !== undefined) reply.header('Retry-After', String(fault.retryAfterSeconds));
      return sendProblem(reply, 503, UNAVAILABLE);
    }
    checkPartnerId(request);
  });
  carrierSetupRoutes(app, context);
  setupFileRoutes(app, context);
  creationRoutes(app, context);
}
