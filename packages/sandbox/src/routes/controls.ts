// The routes outside the API, under /_sandbox, for the calling API user: the Partner IDs stored on
// what it created, a reset of its account, and faults queued for its next requests. Their paths and
// the fault's JSON Schema, defaults included, are the sandbox's document's (document.ts).
import type { RouteHandlerMethod } from 'fastify';
import type { SandboxContext } from '../http/context.ts';
import { queueFault } from '../service/lifecycle.ts';
import { SandboxProblem } from '../http/problems.ts';
import type { Fault } from '../service/state.ts';

/** The handlers of the routes that take credentials, by operationId; the caller has put authentication in front of them. */
export function controlHandlers({ store }: SandboxContext): Record<string, RouteHandlerMethod> {
  const json = (body: unknown) => JSON.stringify(body);
  return {
    listSandboxAttributions: async (request, reply) =>
      reply.type('application/json').send(json({ attributions: await store.attributions(request.sandboxUser) })),

    resetSandboxState: async (request, reply) => {
      await store.reset(request.sandboxUser);
      return reply.code(204).send();
    },

    listSandboxFaults: async (request, reply) => {
      const { state } = await store.read(request.sandboxUser);
      return reply.type('application/json').send(json({ faults: state?.faults ?? [] }));
    },

    // The body is a Fault: the route's schema checked it and filled in its defaults.
    queueSandboxFault: async (request, reply) => {
      if (request.body === undefined)
        throw new SandboxProblem(415, 'Send the fault as JSON with Content-Type: application/json.');
      const fault = request.body as Fault;
      const queued = await store.update(request.sandboxUser, (state) => queueFault(state, fault, Date.now()));
      return reply.code(201).type('application/json').send(json(queued));
    },
  };
}
