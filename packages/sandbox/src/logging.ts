// The sandbox's log: JSON lines from Fastify's logger (pino), on stderr unless told otherwise, one
// line per answered request with its method, route template and status. Headers that carry
// credentials are redacted wherever they are logged, and no address asked for is written (a file
// address holds a token). Stderr is written by pino's destination with `sync: false`: the lines
// gather in a buffer and go out in one write while the sandbox is busy, not one write per line,
// and pino writes what is left when the process exits, SIGTERM and SIGINT included (the stop lets
// the process end). Measured side by side with `npm run bench`'s sandbox (dev/bench/README.md), the
// log written line by line cost 11% of a GET's CPU time and 8% of a POST's; no per-request line at
// all would spare little more.
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';
import { routeTemplate } from './route-template.ts';
import { checkSetting, type LogLevel } from './settings.ts';

/** Where the lines go: anything with write(), such as process.stderr (written from a buffer, see above). */
export interface LogDestination {
  write(line: string): unknown;
}

const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
/** Every place a logged object can hold the request's headers. */
const REDACTED = CREDENTIAL_HEADERS.flatMap((name) => [`headers["${name}"]`, `req.headers["${name}"]`]);

/** What a line says of a request: its method and route template, never its address. */
const requestFields = (request: FastifyRequest) => ({ method: request.method, route: routeTemplate(request) });

/**
 * Fastify's request lines, written the sandbox's way: one line per answered request with its status
 * and time, in place of Fastify's, which write the address asked for; at debug and trace, a line per
 * request received too, with its headers (credentials redacted).
 */
class RequestLines extends LogController {
  readonly #withHeaders: boolean;

  constructor(level: LogLevel) {
    super();
    this.#withHeaders = level === 'debug' || level === 'trace';
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.#withHeaders)
      request.log.debug({ ...requestFields(request), headers: request.headers }, 'request received');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { ...requestFields(request), status: reply.statusCode, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** The log level of the options, checked; undefined when there is no log. */
export function checkLogLevel(value: unknown): Exclude<LogLevel, 'silent'> | undefined {
  if (value === undefined || value === 'silent') return undefined;
  return checkSetting('logLevel', value) as Exclude<LogLevel, 'silent'>;
}

/** Fastify's logger and logController options: no log without a level, else JSON lines at `level` to `destination`. */
export function logOptions(
  level: LogLevel | undefined,
  destination: LogDestination = process.stderr,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (level === undefined || level === 'silent') return { logger: false };
  return {
    logger: {
      level,
      stream: destination === process.stderr ? pino.destination({ dest: 2, sync: false }) : destination,
      redact: { paths: REDACTED, censor: '[redacted]' },
      // Wherever Fastify logs a request, the line names its route, not its address.
      serializers: { req: requestFields },
    },
    logController: new RequestLines(level),
  };
}

/** A fault of the sandbox itself while answering `request`: its stack, and never the request. */
export function reportFault(request: FastifyRequest, error: Error, logged: boolean): void {
  const route = routeTemplate(request);
  if (logged) request.log.error({ err: error, ...requestFields(request) }, 'request failed: a fault of the sandbox');
  else process.stderr.write(`sandbox: ${request.method} ${route} failed: ${error.stack ?? error.message}\n`);
}
