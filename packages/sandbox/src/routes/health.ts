// GET /_sandbox/health/live and /_sandbox/health/ready, without credentials, for a proxy or an
// orchestrator: live while the process answers, ready while the sandbox's store answers its ping.
import type { RouteHandlerMethod } from 'fastify';
import { describeValue, sendProblem } from '../http/problems.ts';

/** A ping that has not settled by then counts as unreachable, so that the answer comes within 2 s. */
const READY_TIMEOUT_MS = 1500;

export interface HealthChecks {
  /** Resolves when the store answers; rejects when it cannot be reached. */
  ping(): Promise<void>;
}

/** Why the store is unreachable (a credential in an address in the error is blanked), or undefined when it answers. */
async function storeFailure(ping: HealthChecks['ping']): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`it did not answer within ${READY_TIMEOUT_MS} ms`), READY_TIMEOUT_MS);
  });
  const answer = Promise.resolve()
    .then(() => ping())
    .then(
      () => undefined,
      (error: unknown) =>
        error instanceof Error ? error.message.replace(/\/\/[^\s/@]*@/g, '//[redacted]@') : describeValue(error),
    );
  try {
    return await Promise.race([answer, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The handlers of the health checks, by operationId. */
export function healthHandlers({ ping }: HealthChecks): Record<string, RouteHandlerMethod> {
  return {
    getSandboxLiveness: (_request, reply) =>
      reply.type('application/json').header('Cache-Control', 'no-store').send('{"status":"live"}'),
    getSandboxReadiness: async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const failure = await storeFailure(ping);
      if (failure === undefined) return reply.type('application/json').send('{"status":"ready"}');
      request.log.warn({ reason: failure }, 'not ready: the store is unreachable');
      return sendProblem(reply, 503, `The sandbox is not ready: its store is unreachable (${failure}).`);
    },
  };
}
