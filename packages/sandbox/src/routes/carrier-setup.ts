// GET /setups/carriers: request, poll and locate the carrier setup file (service/lifecycle.ts decides, the
// store applies it). HEAD answers what a GET would, without starting a generation or counting as a poll.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { BASE_PATH, type SandboxContext } from '../http/context.ts';
import { type PollAnswer, poll } from '../service/lifecycle.ts';
import { sendProblem } from '../http/problems.ts';

export function carrierSetupRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { options, store } = context;
  const answer = (request: FastifyRequest, reply: FastifyReply, polled: PollAnswer) => {
    if ('throttleSeconds' in polled) {
      reply.header('Retry-After', String(polled.throttleSeconds));
      return sendProblem(reply, 429, polled.reason);
    }
    const fileUrl = (token: string) => `${context.origin(request)}/files/${options.setupFile.hash}/${token}.json`;
    return reply.type('application/json').send(context.statusBodies.of(polled, fileUrl));
  };
  const url = `${BASE_PATH}/setups/carriers`;
  app.get(url, { exposeHeadRoute: false }, async (request, reply) => {
    // The time is read at each decision: a decision made again after a race is made at its own time.
    const polled = await store.update(
      request.sandboxUser,
      (state) => poll(state, Date.now(), options),
      request.account,
    );
    if ('status' in polled && polled.status === 'REQUESTED') context.metrics.generationStarted();
    return answer(request, reply, polled);
  });
  app.head(url, (request, reply) => answer(request, reply, poll(request.account?.state, Date.now(), options).result));
}
