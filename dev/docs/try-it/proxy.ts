// The servers of the API that the reference's Try it reaches through the docs server, under its own
// origin, so that the page needs no CORS: /_try/<name>/… is forwarded to the server's origin by
// @fastify/reply-from, bodies streamed both ways; GET /_try/servers lists them for the page. Nothing
// is logged, least of all the Authorization header, and an upstream that does not answer is a 502
// that names it. A page that goes away before the answer has come drops the answer when it comes
// (reply-from takes no signal to cancel the request upstream sooner).
import replyFrom from '@fastify/reply-from';
import type { FastifyPluginCallback } from 'fastify';
import type http from 'node:http';

/** A server the docs server forwards to: `sandbox` or `mock`, what the page calls it, and its base URL. */
export interface TryItServer {
  name: string;
  label: string;
  /** The base URL of the API there, ending in /api/public/v3. */
  baseUrl: string;
}

/** Where the page finds the proxies. */
export const TRY_PREFIX = '/_try/';

// Hop-by-hop headers (RFC 9110, 7.6.1) are the connection's, not the request's. reply-from drops
// Connection and the headers it names, and sets Host to the upstream's; these go too, both ways.
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade'];

const withoutHopByHop = <Headers extends http.IncomingHttpHeaders | http.OutgoingHttpHeaders>(headers: Headers) => {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
};

/** What GET /_try/servers answers: each server's path under the docs server, and the origin it stands for. */
export function serversListing(servers: readonly TryItServer[]): object {
  return {
    servers: servers.map(({ name, label, baseUrl }) => {
      const upstream = new URL(baseUrl);
      return { name, label, base: `${TRY_PREFIX}${name}${upstream.pathname}`, upstream: upstream.origin };
    }),
  };
}

/**
 * The routes under /_try/ (register with that prefix): the listing, and each request forwarded to the
 * server it names, its answer streamed back as it came. `servers` is read at each request: `npm start`
 * fills it as the servers start.
 */
export const tryItProxy: FastifyPluginCallback<{ servers: readonly TryItServer[] }> = (app, { servers }, done) => {
  app.register(replyFrom, { destroyAgent: true, disableRequestLogging: true });
  // The body goes upstream as the page sent it, unparsed (malformed JSON too: the server judges it).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, payload, parsed) => parsed(null, payload));

  app.get('/servers', (_request, reply) =>
    reply
      .header('cache-control', 'no-store')
      .type('application/json')
      .send(JSON.stringify(serversListing(servers))),
  );

  app.all('/*', (request, reply) => {
    const rest = request.url.slice(TRY_PREFIX.length);
    const name = rest.split(/[/?]/)[0]!;
    const server = servers.find((candidate) => candidate.name === name);
    if (!server) {
      const known = servers.map((s) => `${TRY_PREFIX}${s.name}/`).join(', ') || 'none (the docs server runs alone)';
      return reply.code(404).type('text/plain').send(`No server ${TRY_PREFIX}${name}/ here; proxied: ${known}.\n`);
    }
    const upstream = new URL(server.baseUrl);
    return reply.from(new URL(rest.slice(name.length) || '/', upstream.origin).href, {
      rewriteRequestHeaders: (_request, headers) => withoutHopByHop(headers),
      rewriteHeaders: (headers) => withoutHopByHop(headers),
      // Try it shows what the server answered, a 503 too: no retries.
      retryDelay: () => null,
      onError: (failed) =>
        failed
          .code(502)
          .type('text/plain')
          .send(`The ${server.label} at ${upstream.origin} did not answer; is it running?\n`),
    });
  });
  done();
};
