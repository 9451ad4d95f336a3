// The servers of the API that the reference's Try it reaches through the docs server, under its own
// origin, so that the page needs no CORS: /_try/<name>/… is forwarded to the server's origin, bodies
// streamed both ways; GET /_try/servers lists them for the page. Nothing is logged, least of all the
// Authorization header, and an upstream that does not answer is a 502 that names it.
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

/** A server the docs server forwards to: `sandbox` or `mock`, what the page calls it, and its base URL. */
export interface TryItServer {
  name: string;
  label: string;
  /** The base URL of the API there, ending in /api/public/v3. */
  baseUrl: string;
}

/** Where the page finds the proxies. */
export const TRY_PREFIX = '/_try/';

// Hop-by-hop headers (RFC 9110, 7.6.1) are the connection's, not the request's.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
]);

const forwarded = (headers: http.IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));

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
 * Answers a request under /_try/ (true), or leaves it to the files (false): the listing, or the
 * request forwarded to the server it names, its answer piped back as it came.
 */
export async function forwardTry(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  servers: readonly TryItServer[],
): Promise<boolean> {
  const url = req.url ?? '/';
  if (!url.startsWith(TRY_PREFIX)) return false;
  const rest = url.slice(TRY_PREFIX.length);
  if (rest === 'servers') {
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(serversListing(servers)));
    return true;
  }
  const name = rest.split(/[/?]/)[0]!;
  const server = servers.find((candidate) => candidate.name === name);
  if (!server) {
    const known = servers.map((s) => `${TRY_PREFIX}${s.name}/`).join(', ') || 'none (the docs server runs alone)';
    res
      .writeHead(404, { 'content-type': 'text/plain' })
      .end(`No server ${TRY_PREFIX}${name}/ here; proxied: ${known}.\n`);
    return true;
  }
  const upstream = new URL(server.baseUrl);
  const target = new URL(url.slice(TRY_PREFIX.length + name.length) || '/', upstream.origin);
  const outgoing = http.request(target, { method: req.method, headers: forwarded(req.headers) });
  const answered = new Promise<void>((resolve) => {
    outgoing.once('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwarded(answer.headers));
      pipeline(answer, res).then(resolve, () => resolve());
    });
    outgoing.once('error', () => {
      if (!res.headersSent)
        res
          .writeHead(502, { 'content-type': 'text/plain' })
          .end(`The ${server.label} at ${upstream.origin} did not answer; is it running?\n`);
      else res.destroy();
      resolve();
    });
  });
  // A page that goes away stops the request upstream too.
  res.once('close', () => {
    if (!res.writableFinished) outgoing.destroy();
  });
  await pipeline(req, outgoing).catch(() => {});
  await answered;
  return true;
}
