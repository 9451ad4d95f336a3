// Prism's mocker in this process, through @stoplight/prism-http's API: the operations of a bundle
// (getHttpOperationsFromSpec) and one Prism instance (createInstance) with the settings of `prism
// mock` (validated requests, checked security, static examples unless asked), answering a request
// as Prism's own HTTP server would: the preferences of its `Prefer` header (code, example, dynamic,
// and the starting value of its random data), the violations it found in `sl-violations`, an error as application/problem+json, and the
// CORS headers `prism mock` sends. A save of the contract swaps the array of operations; nothing is
// started per save.
import { createLogger } from '@stoplight/prism-core';
import {
  createInstance,
  getHttpOperationsFromSpec,
  type IHttpConfig,
  type IHttpRequest,
  type IHttpResponse,
  ProblemJsonError,
  UNPROCESSABLE_ENTITY,
} from '@stoplight/prism-http';
import { routableBundle } from './routable.ts';

/** The operations Prism routes a request to. */
export type Operations = Awaited<ReturnType<typeof getHttpOperationsFromSpec>>;

/** The operations of the mock's routable copy of `bundle` (by default generated/openapi.json), the file at `fileUrl`. */
export async function mockOperations(fileUrl: string, bundle?: unknown): Promise<Operations> {
  const operations = await getHttpOperationsFromSpec(routableBundle(fileUrl, bundle));
  if (operations.length === 0) throw new Error('The bundle has no operations to mock.');
  return operations;
}

/** What `prism mock` runs with: every request validated, security checked, examples unless Prefer asks for dynamic data. */
const CONFIG: IHttpConfig = {
  isProxy: false,
  validateRequest: true,
  validateResponse: true,
  checkSecurity: true,
  errors: false,
  upstreamProxy: undefined,
  mock: { dynamic: false },
};

export interface Answer {
  status: number;
  headers: Record<string, string>;
  /** The body as sent, or undefined for none. */
  body: string | undefined;
}

/** A request as the guard received it: the path below the base path, and the body as text. */
export interface MockRequest {
  method: string;
  /** The path and query, as Prism routes them (without /api/public/v3). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string | undefined;
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json(?:\s*;.*)?$/i;
const TEXT_TYPE = /^text\//i;

/** The preferences of a `Prefer` header (RFC 7240): `code=206, example=firstSlice` → { code: '206', example: 'firstSlice' }. */
export function preferences(header: string | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const part of (header ?? '').split(/[,;]/)) {
    const match = /^\s*([\w-]+)\s*(?:=\s*(?:"([^"]*)"|([^\s"]*)))?\s*$/.exec(part);
    if (match?.[1]) found[match[1].toLowerCase()] = match[2] ?? match[3] ?? 'true';
  }
  return found;
}

/** The mock settings of one request, from its `Prefer` header, or (without one) its __code, __example, __dynamic… query. */
function requestConfig(request: IHttpRequest): IHttpConfig {
  const query = request.url.query ?? {};
  const first = (value: string | string[]) => (Array.isArray(value) ? value[0]! : value);
  const asked = request.headers?.prefer
    ? preferences(request.headers.prefer)
    : Object.fromEntries(
        Object.entries(query)
          .filter(([key]) => key.startsWith('__') && key !== '__server')
          .map(([key, value]) => [key.slice(2), first(value)]),
      );
  // The preferences Prism reads as they are (the starting value of its random data), by their own names.
  const { code: _code, dynamic: _dynamic, example: _example, ...asIs } = asked;
  const mock = { ...CONFIG.mock, ...asIs };
  if (asked.code !== undefined) {
    if (!/^\d{3}$/.test(asked.code))
      throw ProblemJsonError.fromTemplate(UNPROCESSABLE_ENTITY, `Prefer: code=${asked.code} is not a status code.`);
    mock.code = Number(asked.code);
  }
  if (asked.dynamic !== undefined) {
    if (asked.dynamic !== 'true' && asked.dynamic !== 'false')
      throw ProblemJsonError.fromTemplate(
        UNPROCESSABLE_ENTITY,
        `Prefer: dynamic=${asked.dynamic} is not true or false.`,
      );
    mock.dynamic = asked.dynamic === 'true';
  }
  if (asked.example !== undefined) mock.exampleKey = asked.example;
  return { ...CONFIG, mock };
}

/** A body Prism answers, as text for its Content-Type. */
function serialize(body: unknown, contentType: string | undefined): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (!contentType || JSON_TYPE.test(contentType)) return JSON.stringify(body);
  if (typeof body === 'string') return body;
  if (TEXT_TYPE.test(contentType)) throw new Error('Prism cannot serialise an object as text.');
  throw new Error(`Prism cannot serialise an answer as ${contentType}.`);
}

/** What Prism found wrong in the request and its own answer, as its server lists them in `sl-violations`. */
function violations(response: { validations: { input: any[]; output: any[] } }): string | undefined {
  const severities = ['Error', 'Warning', 'Information', 'Hint'];
  const entry = (prefix: string) => (detail: any) => ({
    location: [prefix, ...(detail.path ?? [])],
    severity: severities[detail.severity] ?? detail.severity,
    code: detail.code,
    message: detail.message,
  });
  const all = [
    ...response.validations.input.map(entry('request')),
    ...response.validations.output.map(entry('response')),
  ];
  if (all.length === 0) return undefined;
  const value = JSON.stringify(all);
  // Prism's own limit, so that the header fits in what servers accept.
  const limit = 8 * 1024 - 100;
  return value.length > limit ? `Too many violations! ${value.slice(0, limit)}` : value;
}

/** The CORS headers `prism mock` adds to every answer. */
function corsHeaders(headers: MockRequest['headers']): Record<string, string> {
  const one = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value.join(', ') : value;
  };
  return {
    'access-control-allow-origin': one('origin') || '*',
    'access-control-allow-headers': one('access-control-request-headers') || '*',
    'access-control-allow-credentials': 'true',
    'access-control-expose-headers': one('access-control-expose-headers') || '*',
  };
}

/** Prism in this process: `answer` routes a request to the operations given at each call. */
export function createPrism() {
  // Its log is for its command line: nothing here reads it.
  const prism = createInstance(CONFIG, { logger: createLogger('MOCK', { level: 'silent' }) });

  async function answer(operations: Operations, request: MockRequest): Promise<Answer> {
    const cors = corsHeaders(request.headers);
    if (request.method === 'OPTIONS' && request.headers.origin && request.headers['access-control-request-method']) {
      const method = String(request.headers['access-control-request-method']);
      return {
        status: 204,
        headers: { ...cors, 'access-control-allow-methods': method, vary: 'origin', 'content-length': '0' },
        body: undefined,
      };
    }
    const { pathname, searchParams } = new URL(request.url, 'http://mock.invalid');
    const query: Record<string, string | string[]> = {};
    for (const key of new Set(searchParams.keys())) {
      const values = searchParams.getAll(key);
      query[key] = values.length === 1 ? values[0]! : values;
    }
    const type = request.headers['content-type'];
    const input: IHttpRequest = {
      method: request.method.toLowerCase() as IHttpRequest['method'],
      url: { path: pathname, baseUrl: searchParams.get('__server') ?? undefined, query },
      headers: Object.fromEntries(
        Object.entries(request.headers)
          .filter(([, value]) => value !== undefined)
          .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : value!]),
      ),
      body:
        request.body === undefined
          ? null
          : typeof type === 'string' && JSON_TYPE.test(type)
            ? JSON.parse(request.body)
            : request.body,
    };
    try {
      const result = await prism.request(input, operations, requestConfig(input))();
      if (result._tag === 'Left') throw result.left;
      const output: IHttpResponse = result.right.output;
      const headers: Record<string, string> = { ...cors, ...output.headers };
      const found = violations(result.right);
      if (found) headers['sl-violations'] = found;
      const contentType = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-type')?.[1];
      return { status: output.statusCode, headers, body: serialize(output.body, contentType) };
    } catch (error) {
      const problem = error as Error & { status?: number; additional?: { headers?: Record<string, string> } };
      return {
        status: problem.status || 500,
        headers: { ...cors, 'content-type': 'application/problem+json', ...problem.additional?.headers },
        body: JSON.stringify(ProblemJsonError.toProblemJson(problem)),
      };
    }
  }

  return { answer };
}
