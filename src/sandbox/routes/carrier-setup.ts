// GET /setups/carriers: request, poll and locate the carrier setup file (lifecycle.ts decides).
import type { FastifyInstance } from 'fastify';
import { BASE_PATH, type SandboxContext } from '../context.ts';
import { poll } from '../lifecycle.ts';
import { sendProblem } from '../problems.ts';

export function carrierSetupRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { options, state } = context;
  app.get(`${BASE_PATH}/setups/carriers`, (request, reply) => {
    const account = state.account(request.sandboxUser);
    const fileUrl = (generation: { token: string }) =>
      `${context.origin(request)}/files/${options.setupFile.hash}/${generation.token}.json`;
    const answer = poll(account, Date.now(), options, fileUrl);
    if ('throttleSeconds' in answer) {
      reply.header('Retry-After', String(answer.throttleSeconds));
      return sendProblem(reply, 429, answer.reason);
    }
    return reply.type('application/json').send(answer.status);
  });
}
