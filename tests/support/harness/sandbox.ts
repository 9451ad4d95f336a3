// Sandboxes started and stopped by the tests, and the requests the tests send them. sandbox() answers
// through Fastify's inject(): no port, no socket, at a loopback origin of its own that sandboxFetch
// (and a client given it as its fetch) reaches; listeningSandbox() listens on a port, for the tests
// of what goes over the socket and of other processes that reach it.
import type { FastifyInstance } from 'fastify';
import { createSandbox, startSandbox, type RunningSandbox, type SandboxAppOptions } from 'shipping-api-v3-sandbox';
import { basic } from '../fixtures/basic.ts';
import { until } from './until.ts';

export { basic };

const running = new Set<RunningSandbox>();

/** The apps of sandbox(), by the origin each answers at. */
const injected = new Map<string, FastifyInstance>();
let injectedCount = 0;

const FAST = { generationMs: 100, minPollMs: 0 };

/**
 * A sandbox reached through inject(), at an origin of 127.77.0.0/16: loopback, as the client asks of
 * plain HTTP, and where nothing listens, so that a request that misses sandboxFetch fails at once.
 */
export async function sandbox(options: SandboxAppOptions = {}): Promise<RunningSandbox> {
  injectedCount += 1;
  const origin = `http://127.77.${(injectedCount >> 8) & 255}.${injectedCount & 255}`;
  const app = createSandbox({ ...FAST, origin, ...options });
  await app.ready();
  injected.set(origin, app);
  const started: RunningSandbox = {
    origin,
    baseUrl: `${origin}/api/public/v3`,
    accounts: options.accounts,
    app,
    stopGraceMs: 0,
    close: async () => {
      running.delete(started);
      injected.delete(origin);
      await app.close();
    },
  };
  running.add(started);
  return started;
}

/** A sandbox listening on a free port of 127.0.0.1 (or host and port), for the tests of the socket. */
export async function listeningSandbox(
  options: SandboxAppOptions & { host?: string; port?: number } = {},
): Promise<RunningSandbox> {
  const started = await startSandbox({ ...FAST, ...options });
  running.add(started);
  const close = started.close;
  started.close = async (graceMs) => {
    running.delete(started);
    await close(graceMs);
  };
  return started;
}

/** Stops every sandbox still running; for afterEach. */
export async function closeSandboxes(): Promise<void> {
  await Promise.all([...running].map((s) => s.close()));
}

/** Statuses whose responses have no body (the Fetch standard's null body statuses). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * fetch, but a request to the origin of a sandbox() goes to its app through inject(), with the
 * headers Node's fetch would send (Host, Accept) and the body as bytes.
 */
export const sandboxFetch: typeof fetch = async (input, init) => {
  const request = new Request(input, init);
  const url = new URL(request.url);
  const app = injected.get(url.origin);
  if (!app) return fetch(request);
  const headers: Record<string, string> = { host: url.host, accept: '*/*', ...Object.fromEntries(request.headers) };
  const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
  const method = request.method as 'GET';
  const reply = await app.inject({ method, url: `${url.pathname}${url.search}`, headers, payload });
  const replyHeaders = new Headers();
  for (const [name, value] of Object.entries(reply.headers))
    for (const one of [value ?? []].flat()) replyHeaders.append(name, String(one));
  const empty = request.method === 'HEAD' || NULL_BODY.has(reply.statusCode);
  return new Response(empty ? null : new Uint8Array(reply.rawPayload), {
    status: reply.statusCode,
    statusText: reply.statusMessage,
    headers: replyHeaders,
  });
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An authenticated GET (Basic, as user with the key `key`), with more headers when given. */
export const get = (url: string, user = 'tester', headers: Record<string, string> = {}): Promise<Response> =>
  sandboxFetch(url, { headers: { authorization: basic(user), ...headers } });

/** The status of a GET with that Authorization header (none when undefined); the body is let go. */
export async function statusOf(url: string, authorization?: string): Promise<number> {
  const response = await sandboxFetch(url, { headers: authorization === undefined ? {} : { authorization } });
  await response.body?.cancel();
  return response.status;
}

/** Polls GET /setups/carriers until COMPLETED (for up to 20 s); returns every status seen. */
export async function untilCompleted(
  baseUrl: string,
  user: string,
  pauseMs = 40,
): Promise<{ statuses: any[]; completed: any }> {
  const statuses: any[] = [];
  const completed = await until(
    `the carrier setup of ${user} to complete`,
    async () => {
      const response = await get(`${baseUrl}/setups/carriers`, user);
      if (response.status !== 200) {
        await response.body?.cancel();
        return undefined;
      }
      const status = await response.json();
      statuses.push(status);
      return status.status === 'COMPLETED' && status;
    },
    20_000,
    pauseMs,
  );
  return { statuses, completed };
}

export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  user = 'tester',
): Promise<Response> {
  return sandboxFetch(url, {
    method: 'POST',
    headers: { authorization: basic(user), 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
