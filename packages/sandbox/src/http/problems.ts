// Error answers of the sandbox: RFC 9457 problem details (application/problem+json), each saying
// what is wrong and where: a JSON pointer into the body, or the name of a header.
import type { FastifyReply } from 'fastify';

export interface ProblemItem {
  /** JSON pointer of the value at fault in the request body ("" for the whole body). */
  pointer?: string;
  /** Name of the request header at fault. */
  header?: string;
  message: string;
}

interface Problem {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  errors?: ProblemItem[];
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  405: 'Method Not Allowed',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  416: 'Range Not Satisfiable',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

const PROBLEM_TYPE = 'application/problem+json';

function problem(status: number, detail: string, errors?: ProblemItem[]): Problem {
  return {
    type: 'about:blank',
    title: TITLES[status] ?? (status < 500 ? 'Client Error' : 'Error'),
    status,
    detail,
    ...(errors ? { errors } : {}),
  };
}

/** Sends a problem; returns the reply so that a handler can `return sendProblem(...)`. */
export function sendProblem(reply: FastifyReply, status: number, detail: string, errors?: ProblemItem[]): FastifyReply {
  return reply
    .code(status)
    .type(PROBLEM_TYPE)
    .send(JSON.stringify(problem(status, detail, errors)));
}

/** An error that the error handler turns into a problem answer. */
export class SandboxProblem extends Error {
  readonly statusCode: number;
  readonly errors: ProblemItem[] | undefined;
  constructor(statusCode: number, detail: string, errors?: ProblemItem[]) {
    super(detail);
    this.statusCode = statusCode;
    this.errors = errors;
  }
}

/** A short, printable form of a value for an error message; never long, never a credential. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : typeof value;
}
