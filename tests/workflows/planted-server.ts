// A server that answers like the API, except for one planted fault in the carrier setup lifecycle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import basicAuth from '@fastify/basic-auth';
import Fastify, { type FastifyInstance } from 'fastify';
import { parse } from 'yaml';

export type PlantedFault =
  /** No fault: the lifecycle as the specification describes it. */
  | 'none'
  /** No fault either: the file as application/octet-stream, and a carrier code with digits. */
  | 'octet-stream-and-digits'
  /** The IN_PROGRESS status already carries a url. */
  | 'url-while-in-progress'
  /** The status stays IN_PROGRESS. */
  | 'never-completes'
  /** The file breaks its schema: a carrier without products. */
  | 'file-breaks-schema'
  /** The COMPLETED url is plain HTTP on a host that is not loopback. */
  | 'url-plain-http-remote'
  /** The COMPLETED url is plain HTTP to another host, behind user information that reads as loopback. */
  | 'url-userinfo-localhost-port'
  | 'url-userinfo-loopback-ip'
  /** The COMPLETED url is plain HTTP to a host whose name starts as a loopback host's does. */
  | 'url-localhost-suffix'
  | 'url-loopback-ip-suffix'
  /** No fault: the second poll is throttled with 429 (an answer the specification does not show), then the lifecycle goes on. */
  | 'throttled-once'
  /** No fault: the second poll is answered 503 with a body that is no status, then the lifecycle goes on. */
  | 'unavailable-once'
  /** No fault: the file from its first byte is streamed, without Content-Length. */
  | 'range-streamed'
  /** The file from its first byte stops halfway: its Content-Length is not the file's. */
  | 'range-stops-halfway';

export interface PlantedServer {
  baseUrl: string;
  close(): Promise<void>;
}

/** The COMPLETED url of each fault that plants one: plain HTTP that a match of its text could take for loopback. */
const PLANTED_URLS: Partial<Record<PlantedFault, string>> = {
  'url-plain-http-remote': 'http://files.shipping.example/setup.json',
  'url-userinfo-localhost-port': 'http://localhost:80@files.shipping.example/setup.json',
  'url-userinfo-loopback-ip': 'http://127.0.0.1:x@files.shipping.example/setup.json',
  'url-localhost-suffix': 'http://localhost.files.shipping.example/setup.json',
  'url-loopback-ip-suffix': 'http://127.0.0.1.files.shipping.example/setup.json',
};

const examples = path.resolve(import.meta.dirname, '../../openapi/components/examples');
const setupFile = (parse(readFileSync(path.join(examples, 'CarrierSetupFile.yaml'), 'utf8')) as { value: unknown[] })
  .value;

export async function startPlantedServer(fault: PlantedFault): Promise<PlantedServer> {
  const app: FastifyInstance = Fastify();
  await app.register(basicAuth, {
    validate: async (user, key) => (user && key ? undefined : new Error('no credentials')),
    authenticate: true,
  });
  app.addHook('onRequest', app.basicAuth);
  let polls = 0;
  let origin = '';

  app.get('/api/public/v3/setups/carriers', async (_request, reply) => {
    polls += 1;
    if (polls === 1) return { status: 'REQUESTED', expires_at: null, url: null };
    // The throttled poll counts as one: the lifecycle goes on at the next.
    if (polls === 2 && fault === 'throttled-once')
      return reply.code(429).type('application/problem+json').send({ title: 'Too Many Requests', status: 429 });
    if (polls === 2 && fault === 'unavailable-once') return reply.code(503).type('text/plain').send('Busy');
    if (polls === 2 || fault === 'never-completes') {
      return fault === 'url-while-in-progress'
        ? { status: 'IN_PROGRESS', expires_at: null, url: `${origin}/files/setup.json` }
        : { status: 'IN_PROGRESS', expires_at: null, url: null };
    }
    return {
      status: 'COMPLETED',
      expires_at: new Date(Date.now() + 900_000).toISOString(),
      url: PLANTED_URLS[fault] ?? `${origin}/files/setup.json`,
    };
  });

  app.get('/files/setup.json', async (request, reply) => {
    const body =
      fault === 'file-breaks-schema'
        ? [{ code: 'demopost', name: 'DemoPost', products: [] }]
        : fault === 'octet-stream-and-digits'
          ? setupFile.map((carrier: any, i) => (i === 0 ? { ...carrier, code: 'dhl_express_2' } : carrier))
          : setupFile;
    const bytes = Buffer.from(JSON.stringify(body));
    const range = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ''));
    // A half file is no JSON: sent as bytes, so that the runner does not parse it.
    const type = ['octet-stream-and-digits', 'range-stops-halfway'].includes(fault)
      ? 'application/octet-stream'
      : 'application/json';
    reply.header('Content-Type', type).header('Accept-Ranges', 'bytes');
    if (!range) return reply.send(bytes);
    const start = Number(range[1]);
    const last = fault === 'range-stops-halfway' ? Math.floor(bytes.length / 2) : bytes.length - 1;
    const end = Math.min(range[2] ? Number(range[2]) : Infinity, last);
    const slice = bytes.subarray(start, end + 1);
    reply.code(206).header('Content-Range', `bytes ${start}-${end}/${bytes.length}`);
    // A stream is sent chunked, with no Content-Length.
    return reply.send(fault === 'range-streamed' ? Readable.from([slice]) : slice);
  });

  origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { baseUrl: `${origin}/api/public/v3`, close: () => app.close() };
}
