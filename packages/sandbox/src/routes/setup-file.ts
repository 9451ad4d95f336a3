// GET /files/:hash/:name: the carrier setup file at the address a COMPLETED status handed out, with
// Range (http/file-serving.ts); service/lifecycle.ts decides whether the address still serves it. HEAD takes no
// queued fault.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SandboxContext } from '../http/context.ts';
import { sendFile } from '../http/file-serving.ts';
import { type FileAnswer, fileAt } from '../service/lifecycle.ts';
import { sendProblem } from '../http/problems.ts';

export function setupFileRoutes(app: FastifyInstance, { options, store }: SandboxContext): void {
  const hash = options.setupFile.hash;
  const answer = (request: FastifyRequest, reply: FastifyReply, file: FileAnswer) =>
    file.serve
      ? sendFile(request, reply, options.setupFile, file.cutAfterBytes)
      : sendProblem(reply, file.status, file.reason);
  const address = (request: FastifyRequest) => request.params as { hash: string; name: string };
  app.get('/files/:hash/:name', { exposeHeadRoute: false }, async (request, reply) => {
    const file = await store.update(
      request.sandboxUser,
      (state) => fileAt(state, address(request), Date.now(), hash),
      request.account,
    );
    return answer(request, reply, file);
  });
  app.head('/files/:hash/:name', (request, reply) =>
    answer(request, reply, fileAt(request.account?.state, address(request), Date.now(), hash).result),
  );
}
