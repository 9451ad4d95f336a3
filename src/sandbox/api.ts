// The API under /api/public/v3: the carrier setup lifecycle and the four creations; and the file
// addresses that a COMPLETED status hands out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { partnerIdFromText } from '../partner-id.ts';
import { sendFile } from './download.ts';
import type { ResolvedOptions } from './options.ts';
import { describeValue, SandboxProblem, sendProblem } from './problems.ts';
import type { Attribution, Generation, Kind, SandboxState } from './state.ts';
import { bodyProblems, VALIDATORS } from './validation.ts';

export const BASE_PATH = '/api/public/v3';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Partner-ID header, checked; null when absent. */
    partnerId: number | null;
  }
}

const REQUESTED = '{"status":"REQUESTED","expires_at":null,"url":null}';
const IN_PROGRESS = '{"status":"IN_PROGRESS","expires_at":null,"url":null}';

const CREATIONS: Record<string, Kind> = {
  '/shipments': 'shipment',
  '/sales_orders': 'sales_order',
  '/imported_shipments': 'imported_shipment',
  '/shipment_drafts': 'shipment_draft',
};

/**
 * The Partner-ID header: absent, or one number written in decimal (the contract says numeric and
 * leaves whether it is whole, and its range, open; the sandbox accepts what the contract accepts).
 */
export function checkPartnerId(request: FastifyRequest): void {
  const value = request.headers['partner-id'];
  if (value === undefined) {
    request.partnerId = null;
    return;
  }
  const number = Array.isArray(value) ? undefined : partnerIdFromText(value);
  if (number === undefined) {
    const found = Array.isArray(value) ? `${value.length} Partner-ID headers` : describeValue(value);
    throw new SandboxProblem(400, `The Partner-ID header must be one number, such as 10042 (found ${found}).`, [
      { header: 'Partner-ID', message: `must be a number (found ${found})` },
    ]);
  }
  request.partnerId = number;
}

export interface SandboxContext {
  options: ResolvedOptions;
  state: SandboxState;
  /** http://host:port of the sandbox, for the absolute file address. */
  origin(request: FastifyRequest): string;
}

function throttled(reply: FastifyReply, seconds: number, detail: string): FastifyReply {
  reply.header('Retry-After', String(seconds));
  return sendProblem(reply, 429, detail);
}

function completedBody(context: SandboxContext, request: FastifyRequest, generation: Generation): string {
  generation.completedBody ??= JSON.stringify({
    status: 'COMPLETED',
    expires_at: new Date(generation.expiresAt).toISOString(),
    url: `${context.origin(request)}/files/${context.options.setupFile.hash}/${generation.token}.json`,
  });
  return generation.completedBody;
}

/** The routes of the API; the caller has put authentication in front of them. */
export function apiRoutes(app: FastifyInstance, context: SandboxContext): void {
  const { options, state } = context;

  // A queued `unavailable` fault answers the caller's next request (API or file address) with 503.
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onRequest', (request, reply, done) => {
    const account = state.peek(request.sandboxUser);
    const fault = account?.faults.length ? account.takeFault('unavailable') : undefined;
    if (fault) {
      if (fault.retryAfterSeconds !== undefined) reply.header('Retry-After', String(fault.retryAfterSeconds));
      sendProblem(reply, 503, 'The sandbox answers 503 because an "unavailable" fault was queued for this API user (POST /_sandbox/faults).');
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

  app.get(`${BASE_PATH}/setups/carriers`, (request, reply) => {
    const account = state.account(request.sandboxUser);
    const now = Date.now();
    const fault = account.faults.length ? account.takeFault('throttle') : undefined;
    if (fault) {
      return throttled(reply, fault.retryAfterSeconds, 'The sandbox throttles this poll because a "throttle" fault was queued for this API user (POST /_sandbox/faults).');
    }
    const since = now - account.lastPollAt;
    if (since < options.minPollMs) {
      const wait = Math.max(1, Math.ceil((options.minPollMs - since) / 1000));
      return throttled(reply, wait, `Polled ${since} ms after the previous poll; the sandbox throttles polls closer than ${options.minPollMs} ms apart.`);
    }
    account.lastPollAt = now;
    const generation = account.generation;
    reply.type('application/json');
    if (!generation || now >= generation.expiresAt) {
      account.newGeneration(now, options.generationMs, options.urlTtlMs);
      return reply.send(REQUESTED);
    }
    if (now < generation.completedAt) return reply.send(IN_PROGRESS);
    return reply.send(completedBody(context, request, generation));
  });

  app.get('/files/:hash/:name', (request, reply) => {
    const { hash, name } = request.params as { hash: string; name: string };
    const account = state.peek(request.sandboxUser);
    const generation = account?.generation;
    const now = Date.now();
    const current = generation !== undefined && hash === options.setupFile.hash && name === `${generation.token}.json` && now >= generation.completedAt;
    if (!current || !account) {
      const past = hash === options.setupFile.hash && account?.isPastAddress(name);
      return past
        ? sendProblem(reply, 410, 'This carrier setup file address has expired: a newer generation replaced it. Call GET /setups/carriers again.')
        : sendProblem(reply, 404, 'No carrier setup file of this API user at this address. Take the url of a COMPLETED status, and send the same Basic credentials.');
    }
    if (now >= generation.expiresAt) {
      return sendProblem(reply, 410, `This carrier setup file address expired at ${new Date(generation.expiresAt).toISOString()}. Call GET /setups/carriers again: it starts a new generation.`);
    }
    const fault = account.faults.length ? account.takeFault('expire_url', 'cut_download') : undefined;
    if (fault?.fault === 'expire_url') {
      expireNow(generation, now);
      return sendProblem(reply, 410, 'This carrier setup file address has expired: an "expire_url" fault was queued for this API user. Call GET /setups/carriers again.');
    }
    return sendFile(request, reply, options.setupFile, fault?.fault === 'cut_download' ? fault.afterBytes : undefined);
  });

  for (const [path, kind] of Object.entries(CREATIONS)) {
    const { validate } = VALIDATORS[kind];
    app.post(`${BASE_PATH}${path}`, (request, reply) => {
      const body = request.body;
      if (body === undefined) {
        if (request.headers['content-type'] === undefined) {
          return sendProblem(reply, 415, 'The request has no Content-Type: send the body as JSON with Content-Type: application/json.');
        }
        return sendProblem(reply, 400, 'The request has no body: send a JSON object.');
      }
      if (!validate(body)) {
        const errors = bodyProblems(kind, body);
        return sendProblem(reply, 422, `The body breaks the ${VALIDATORS[kind].schema} schema of the contract: ${errors.map((e) => `${e.pointer || '/'} ${e.message}`).join('; ')}.`, errors);
      }
      const account = state.account(request.sandboxUser);
      account.counters[kind] += 1;
      const id = `${kind}-${account.counters[kind]}`;
      account.record(attribute(id, kind, request.partnerId, body));
      return reply.code(201).type('application/json').send(`{"id":"${id}"}`);
    });
  }
}

export function expireNow(generation: Generation, now: number): void {
  generation.expiresAt = Math.min(generation.expiresAt, now);
  generation.completedBody = undefined;
}

/**
 * The Partner ID stored on a created resource (specification 5.2): the header when given; else the
 * deprecated body field, except on drafts, which take the header only. A body value that was not
 * stored is shown as ignored.
 */
export function attribute(id: string, kind: Kind, header: number | null, body: unknown): Attribution {
  const hasBodyField = typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, 'partner_id');
  const bodyValue = hasBodyField ? (body as Record<string, unknown>).partner_id : undefined;
  // Specification 5.2: the header wins over the body field, and drafts take the header only.
  const source = header !== null ? 'header' : hasBodyField && kind !== 'shipment_draft' ? 'body' : 'none';
  const attribution: Attribution = { id, resource: kind, partnerId: source === 'header' ? header : source === 'body' ? (bodyValue as number) : null, source };
  if (hasBodyField && source !== 'body') attribution.ignoredBodyPartnerId = bodyValue;
  return attribution;
}
