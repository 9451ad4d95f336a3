// Serves the files of docs/ on loopback (the rendered reference at /), for `npm start`, on Fastify:
// the files by @fastify/static, after the path check of resolveDocsPath. An address of the reference
// written as a path (/carrier-setup, as Redoc prerenders its links) is redirected to its route,
// /#/carrier-setup; any other address without a file is answered 404 with docs/404.html, as a static
// host answers it (dev/docs/deep-links.ts). Under /_try/ it forwards the reference's Try it to the
// servers it is given (dev/docs/try-it/proxy.ts). The pages `npm run dev` rewrites (DocsHooks.page)
// are read and sent here, whole, rather than streamed by @fastify/static.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyReply } from 'fastify';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PortInUseError } from '../cli.ts';
import { referenceRoute, referenceSections } from './deep-links.ts';
import { DOCS_DIR, DOCS_PAGE, NOT_FOUND_PAGE } from '../paths.ts';
import { TRY_PREFIX, type TryItServer, tryItProxy } from './try-it/proxy.ts';

const HTML = 'text/html; charset=utf-8';

/** The file of docs/ a request path names, or the status that answers it instead. */
export function resolveDocsPath(url: string): { file: string } | { status: 400 | 403; reason: string } {
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url, 'http://localhost').pathname);
  } catch {
    return { status: 400, reason: `Not a valid path: ${url}` };
  }
  const file = path.join(DOCS_DIR, pathname === '/' ? 'index.html' : pathname);
  if (!file.startsWith(DOCS_DIR + path.sep)) return { status: 403, reason: 'Outside docs/.' };
  return { file };
}

/** What answers an address with no file: a redirect to the reference's route, or docs/404.html. */
async function notFound(url: string, reply: FastifyReply): Promise<FastifyReply> {
  // The path as sent (percent-encoded), fit for a Location header.
  const { pathname } = new URL(url, 'http://localhost');
  // Read at each miss, so that the addresses follow `npm run docs` while the server runs.
  const route = referenceRoute(pathname, referenceSections(await readFile(DOCS_PAGE, 'utf8').catch(() => '')));
  if (route !== undefined) return reply.redirect(`/#${route}`, 302);
  const page = await readFile(path.join(DOCS_DIR, NOT_FOUND_PAGE)).catch(() => `Not found: ${url}\n`);
  return reply
    .code(404)
    .type(typeof page === 'string' ? 'text/plain' : HTML)
    .send(page);
}

/** What `npm run dev` adds to the server: routes of its own, and a change to each HTML page served. */
export interface DocsHooks {
  /** Answers the request and returns true, or returns false to leave it to the server. */
  handle: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
  page: (html: string) => string;
}

export interface RunningDocs {
  url: string;
  stop: () => Promise<void>;
}

export interface DocsServerOptions {
  /** TCP port; 0 for a free one. */
  port: number;
  host?: string;
  /** The flag and variable that choose another port, for the error when this one is taken. */
  portHint?: { option: string; variable: string };
  /** The servers the reference's Try it reaches under /_try/<name>/, in the order the page offers them. */
  tryIt?: readonly TryItServer[];
  /** What `npm run dev` adds: its event stream, and its script in each page. */
  hooks?: DocsHooks;
}

const readOrUndefined = (file: string) => {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

export async function serveDocs({
  port,
  host = '127.0.0.1',
  portHint = { option: '--docs-port', variable: 'DOCS_PORT' },
  tryIt = [],
  hooks,
}: DocsServerOptions): Promise<RunningDocs> {
  const app = Fastify({
    // Stopping ends every connection, the event streams of `npm run dev` too.
    forceCloseConnections: true,
    // A path that does not decode is refused before any route is chosen.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const target = resolveDocsPath(request.url);
      if (error.code !== 'FST_ERR_BAD_URL' || !('status' in target)) return reply.send(error);
      return reply.code(target.status).type('text/plain').send(`${target.reason}\n`);
    },
  });
  if (hooks) {
    const { handle } = hooks;
    app.addHook('onRequest', async (request, reply) => {
      if (handle(request.raw, reply.raw)) reply.hijack();
    });
  }
  await app.register(fastifyStatic, { root: DOCS_DIR, serve: false });
  await app.register(tryItProxy, { prefix: TRY_PREFIX.slice(0, -1), servers: tryIt });
  app.setNotFoundHandler((request, reply) => notFound(request.url, reply));
  app.get('/*', async (request, reply) => {
    const target = resolveDocsPath(request.url);
    if ('status' in target) return reply.code(target.status).type('text/plain').send(`${target.reason}\n`);
    if (hooks && path.extname(target.file) === '.html') {
      // Read at once: `npm run dev` answers a page between two steps of a rebuild, and a read in
      // pieces would wait behind each of the steps that follow.
      const html = readOrUndefined(target.file);
      if (html === undefined) return notFound(request.url, reply);
      return reply.type(HTML).send(hooks.page(html));
    }
    return reply.sendFile(path.relative(DOCS_DIR, target.file));
  });
  try {
    await app.listen({ port, host });
  } catch (error) {
    await app.close();
    throw (error as NodeJS.ErrnoException).code === 'EADDRINUSE' ? new PortInUseError(host, port, portHint) : error;
  }
  return {
    url: `http://${host}:${(app.server.address() as AddressInfo).port}/`,
    stop: () => app.close(),
  };
}
