// GET /files/:hash/:name: the carrier setup file at the address a COMPLETED status handed out, with
// Range (file-serving.ts); lifecycle.ts decides whether the address still serves it.
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { sendFile } from '../file-serving.ts';
import { fileAt } from '../lifecycle.ts';
import { sendProblem } from '../problems.ts';

export function setupFileRoutes(app: FastifyInstance, { options, state }: SandboxContext): void {
  app.get('/files/:hash/:name', (request, reply) => {
    const { hash, name } = request.params as { hash: string; name: string };
    const answer = fileAt(state.peek(request.sandboxUser), hash, name, Date.now(), options);
    if (!answer.serve) return sendProblem(reply, answer.status, answer.reason);
    return sendFile(request, reply, options.setupFile, answer.cutAfterBytes);
  });
}
