// The routes outside the API, under /_sandbox, for the calling API user: the Partner IDs stored on
// what it created, a reset of its account, and faults queued for its next requests.
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { queueFault } from '../lifecycle.ts';
import { describeValue, type ProblemItem, SandboxProblem } from '../problems.ts';
import type { Fault } from '../state.ts';

const FIELDS: Record<Fault['fault'], Record<string, { min: number; required?: boolean; default?: number }>> = {
  throttle: { count: { min: 1, default: 1 }, retryAfterSeconds: { min: 0, default: 1 } },
  cut_download: { afterBytes: { min: 0, required: true }, count: { min: 1, default: 1 } },
  expire_url: {},
  unavailable: { count: { min: 1, default: 1 }, retryAfterSeconds: { min: 0 } },
};

const MAX_COUNT = 1_000_000;

/** A fault as asked for in the body of POST /_sandbox/faults, checked field by field. */
function parseFault(body: unknown): Fault {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new SandboxProblem(
      422,
      `The body must be a JSON object such as {"fault":"throttle","count":2,"retryAfterSeconds":1} (found ${describeValue(body)}).`,
      [{ pointer: '', message: `must be an object (found ${describeValue(body)})` }],
    );
  }
  const input = body as Record<string, unknown>;
  const kind = input.fault;
  if (typeof kind !== 'string' || !Object.hasOwn(FIELDS, kind)) {
    const message = `must be one of ${Object.keys(FIELDS).join(', ')} (found ${describeValue(kind)})`;
    throw new SandboxProblem(422, `/fault ${message}.`, [{ pointer: '/fault', message }]);
  }
  const fields = FIELDS[kind as Fault['fault']];
  const errors: ProblemItem[] = [];
  const fault: Record<string, unknown> = { fault: kind };
  for (const key of Object.keys(input)) {
    if (key !== 'fault' && !Object.hasOwn(fields, key))
      errors.push({
        pointer: `/${key}`,
        message: `is not a field of the ${kind} fault (its fields: ${Object.keys(fields).join(', ') || 'none'})`,
      });
  }
  for (const [key, rule] of Object.entries(fields)) {
    const value = input[key];
    if (value === undefined) {
      if (rule.required) errors.push({ pointer: `/${key}`, message: 'is required' });
      else if (rule.default !== undefined) fault[key] = rule.default;
    } else if (
      typeof value !== 'number' ||
      !Number.isSafeInteger(value) ||
      value < rule.min ||
      value > MAX_COUNT * 100
    ) {
      errors.push({
        pointer: `/${key}`,
        message: `must be a whole number of at least ${rule.min} (found ${describeValue(value)})`,
      });
    } else fault[key] = value;
  }
  if (kind === 'expire_url') fault.count = 1;
  if (typeof fault.count === 'number' && fault.count > MAX_COUNT)
    errors.push({ pointer: '/count', message: `must be at most ${MAX_COUNT}` });
  if (errors.length > 0) {
    throw new SandboxProblem(
      422,
      `The fault is not valid: ${errors.map((e) => `${e.pointer} ${e.message}`).join('; ')}.`,
      errors,
    );
  }
  return fault as Fault;
}

/** The routes under /_sandbox; the caller has put authentication in front of them. */
export function sandboxRoutes(app: FastifyInstance, { store }: SandboxContext): void {
  const json = (body: unknown) => JSON.stringify(body);
  app.get('/_sandbox/attributions', async (request, reply) =>
    reply.type('application/json').send(json({ attributions: await store.attributions(request.sandboxUser) })),
  );

  app.delete('/_sandbox/state', async (request, reply) => {
    await store.reset(request.sandboxUser);
    return reply.code(204).send();
  });

  app.get('/_sandbox/faults', async (request, reply) => {
    const { state } = await store.read(request.sandboxUser);
    return reply.type('application/json').send(json({ faults: state?.faults ?? [] }));
  });

  app.post('/_sandbox/faults', async (request, reply) => {
    if (request.body === undefined)
      throw new SandboxProblem(415, 'Send the fault as JSON with Content-Type: application/json.');
    const fault = parseFault(request.body);
    const queued = await store.update(request.sandboxUser, (state) => queueFault(state, fault, Date.now()));
    return reply.code(201).type('application/json').send(json(queued));
  });
}
