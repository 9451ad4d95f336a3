// The sandbox's log: JSON lines from Fastify's logger (pino), on stderr unless told otherwise. At
// info, what the sandbox has to say (its start, its stop, a store out of reach, a request it failed
// on); at debug, one line per answered request with its method, route template and status, and
// one per request received with its headers. Headers that carry credentials are redacted wherever
// they are logged, and no address asked for is written (a file address holds a token).
// The request line is at debug, not info, by measurement (dev/bench/README.md): as `shipping-api
// sandbox` answers a GET /setups/carriers or a POST /shipments, writing it cost about a fifth of the
// request's CPU time, and writing it from a buffer (pino's destination with `sync: false`) in place
// of a write per line spared only a part of that: most of the cost is making the line.
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { routeTemplate } from './route-template.ts';
import { checkSetting, type LogLevel } from '../config/settings.ts';

/** Where the lines go: anything with write(), such as process.stderr. */
export interface LogDestination {
  write(line: string): unknown;
}

const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];
/** Every place a logged object can hold the request's headers. */
const REDACTED = CREDENTIAL_HEADERS.flatMap((name) => [`headers["${name}"]`, `req.headers["${name}"]`]);

/** What a line says of a request: its method and route template, never its address. */
const requestFields = (request: FastifyRequest) => ({ method: request.method, route: routeTemplate(request) });

/**
 * Fastify's request lines, written the sandbox's way, in place of Fastify's, which write the address
 * asked for: at debug and trace, one line per answered request with its status and time, and one
 * per request received with its headers (credentials redacted); a request that errored at any level.
 */
class RequestLines extends LogController {
  readonly #debug: boolean;

  constructor(level: LogLevel) {
    super();
    this.#debug = level === 'debug' || level === 'trace';
  }

  override incomingRequest(request: FastifyRequest): void {
    if (this.#debug) request.log.debug({ ...requestFields(request), headers: request.headers }, 'request received');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (error) reply.log.error({ ...this.#line(request, reply), err: error }, 'request errored');
    else if (this.#debug) reply.log.debug(this.#line(request, reply), 'request completed');
  }

  #line(request: FastifyRequest, reply: FastifyReply) {
    return { ...requestFields(request), status: reply.statusCode, responseTime: reply.elapsedTime };
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
      stream: destination,
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
