// Serves the files of docs/ on loopback (the rendered reference at /), for `npm start`. An address of
// the reference written as a path (/carrier-setup, as Redoc prerenders its links) is redirected to
// its route, /#/carrier-setup; any other address without a file is answered 404 with docs/404.html,
// as a static host answers it (dev/docs/deep-links.ts). Under /_try/ it forwards the reference's Try
// it to the servers it is given (dev/docs/try-it/proxy.ts).
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { PortInUseError } from '../cli.ts';
import { referenceRoute, referenceSections } from './deep-links.ts';
import { DOCS_DIR, DOCS_PAGE, NOT_FOUND_PAGE } from '../paths.ts';
import { forwardTry, type TryItServer } from './try-it/proxy.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
};

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
async function notFound(url: string, res: http.ServerResponse): Promise<void> {
  // The path as sent (percent-encoded), fit for a Location header.
  const { pathname } = new URL(url, 'http://localhost');
  // Read at each miss, so that the addresses follow `npm run docs` while the server runs.
  const route = referenceRoute(pathname, referenceSections(await readFile(DOCS_PAGE, 'utf8').catch(() => '')));
  if (route !== undefined) return void res.writeHead(302, { location: `/#${route}` }).end();
  const page = await readFile(path.join(DOCS_DIR, NOT_FOUND_PAGE)).catch(() => `Not found: ${url}\n`);
  const type = typeof page === 'string' ? 'text/plain' : TYPES['.html']!;
  res.writeHead(404, { 'content-type': type }).end(page);
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

export async function serveDocs({
  port,
  host = '127.0.0.1',
  portHint = { option: '--docs-port', variable: 'DOCS_PORT' },
  tryIt = [],
  hooks,
}: DocsServerOptions): Promise<RunningDocs> {
  const server = http.createServer(async (req, res) => {
    if (hooks?.handle(req, res)) return;
    if (await forwardTry(req, res, tryIt)) return;
    const target = resolveDocsPath(req.url ?? '/');
    if ('status' in target)
      return void res.writeHead(target.status, { 'content-type': 'text/plain' }).end(`${target.reason}\n`);
    try {
      const body = await readFile(target.file);
      const type = TYPES[path.extname(target.file)] ?? 'application/octet-stream';
      res.writeHead(200, { 'content-type': type }).end(hooks && type === TYPES['.html'] ? hooks.page(`${body}`) : body);
    } catch {
      await notFound(req.url ?? '/', res);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(host, port, portHint) : error),
    );
    server.listen(port, host, () => resolve());
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return { url: `http://${host}:${(server.address() as AddressInfo).port}/`, stop };
}
