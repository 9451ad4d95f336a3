// The mock's Fastify server: it reads every request and its body, answers at once what Prism should
// not see, and gives the rest to Prism's mocker in this process (dev/mock/prism-http.ts). It answers
// these itself, as application/problem+json with a readable reason:
//   400  a JSON body that does not parse (with the position JSON.parse gives);
//   413  a body over the size limit (1 MiB unless told);
//   415  a body that is not JSON: every request body of the contract is application/json.
// The API is served under /api/public/v3, like the sandbox and the service: the guard takes the
// base path off before Prism, which serves the paths of the description at its root, and answers
// 404 with the address to use for a path of the API asked without it. The file of a COMPLETED
// status is at its own address, /carrier-setup-file.
// Everything else goes to Prism as it came, the body as the text received, except for one header: a
// request without `Accept` is given `Accept: */*`, which means the same (RFC 9110 §12.5.1).
// Without it, Prism 5.16 picks the response's first media type as it is written, and for the `*/*`
// that the contract gives the creations' answers and the 206 it finds no serializer and answers
// 500 "Cannot find serializer for */*".
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { BASE_PATH } from 'shipping-api-v3-sandbox';
import { sendProblem } from 'shipping-api-v3-sandbox/internal';
import { PortInUseError } from '../cli.ts';
import type { Answer, MockRequest } from './prism-http.ts';
import { SETUP_FILE_PATH } from './routable.ts';

export const DEFAULT_BODY_LIMIT = 1024 * 1024;

export interface GuardOptions {
  /** Answers the requests that pass (Prism's mocker): asked at each request, so that a new contract answers the next one. */
  answer: (request: MockRequest) => Promise<Answer>;
  host?: string;
  port: number;
  /** Largest body accepted, in bytes. */
  bodyLimit?: number;
  /** How the user changes the port, for the error when it is taken: "--port or MOCK_PORT". */
  portHint?: { option: string; variable: string };
}

export interface RunningGuard {
  url: string;
  server: FastifyInstance;
  close: () => Promise<void>;
}

/** Where the mock serves the API: the base path of the sandbox and the service. */
export const MOCK_BASE_PATH = BASE_PATH;

const JSON_TYPES = /^application\/(?:[\w.+-]+\+)?json(?:\s*;.*)?$/i;

export function createGuard({
  answer,
  bodyLimit = DEFAULT_BODY_LIMIT,
}: Pick<GuardOptions, 'answer' | 'bodyLimit'>): FastifyInstance {
  const app = Fastify({ bodyLimit, logger: false });
  // The body stays the text it was, so that Prism validates exactly what the client sent.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(JSON_TYPES, { parseAs: 'string' }, (_request, body, done) => {
    try {
      JSON.parse(body as string);
      done(null, body);
    } catch (error) {
      const reason = Object.assign(new Error(`The request body is not valid JSON: ${(error as Error).message}.`), {
        statusCode: 400,
        code: 'INVALID_JSON',
      });
      done(reason as FastifyError, undefined);
    }
  });
  app.addContentTypeParser('*', (request, _payload, done) => {
    const type = request.headers['content-type'];
    const reason = type
      ? `Content-Type "${type}" is not accepted: every request body of this API is application/json.`
      : 'The request has a body but no Content-Type: every request body of this API is application/json.';
    done(
      Object.assign(new Error(reason), { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' }) as FastifyError,
      undefined,
    );
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return sendProblem(reply, 413, `The request body is larger than ${bodyLimit} bytes, the limit of this mock.`);
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return sendProblem(reply, 415, 'Every request body of this API is application/json.');
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return sendProblem(reply, 400, 'Content-Type is application/json but the body is empty.');
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 502;
    return sendProblem(reply, status, error.message);
  });
  const forward = async (request: FastifyRequest, reply: FastifyReply, url = request.url) => {
    const headers = request.headers.accept === undefined ? { ...request.headers, accept: '*/*' } : request.headers;
    const body = typeof request.body === 'string' ? request.body : undefined;
    const answered = await answer({ method: request.method, url, headers, body });
    return reply.code(answered.status).headers(answered.headers).send(answered.body);
  };
  app.all(`${MOCK_BASE_PATH}/*`, (request, reply) => forward(request, reply, request.url.slice(MOCK_BASE_PATH.length)));
  app.all(SETUP_FILE_PATH, (request, reply) => forward(request, reply));
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    return sendProblem(
      reply,
      404,
      `The mock serves the API under ${MOCK_BASE_PATH}, like the sandbox and the service: ${request.method} ${MOCK_BASE_PATH}${path === '/' ? '/setups/carriers' : path}.`,
    );
  });
  return app;
}

/** Starts the guard on host:port; a port in use is a PortInUseError naming the port. */
export async function startGuard(options: GuardOptions): Promise<RunningGuard> {
  const { host = '127.0.0.1', port, portHint = { option: '--port', variable: 'MOCK_PORT' } } = options;
  const server = createGuard(options);
  try {
    await server.listen({ host, port });
  } catch (error) {
    await server.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(host, port, portHint);
    throw error;
  }
  const { port: bound } = server.server.address() as { port: number };
  return { url: `http://${host}:${bound}`, server, close: () => server.close() };
}
