// The sandbox of the Shipping Service Public API v3: a stateful server for testing integrations on
// loopback (the carrier setup lifecycle, the download, creations with partner attribution, faults).
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { BASE_PATH } from './context.ts';
import { createSandbox, originOf, type SandboxAppOptions } from './app.ts';
import { closeGracefully } from './stopping.ts';

export { createSandbox };

export { BASE_PATH } from './context.ts';
export { DEFAULTS, SandboxOptionsError, type SandboxOptions } from './options.ts';
export type { Attribution, Fault, Kind } from './state.ts';
export type { SandboxAppOptions };
export { LOG_LEVELS, type LogDestination, type LogLevel } from './logging.ts';
export type { SandboxMetrics } from './metrics.ts';
export { STOP_GRACE_MS, stopOnSignal } from './stopping.ts';

export interface RunningSandbox {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** `${origin}/api/public/v3`, the base URL to give a client. */
  baseUrl: string;
  app: FastifyInstance;
  /**
   * Stops: no new connections, idle ones closed at once, requests in flight finished; after
   * `graceMs` (10 s by default) the connections still open are closed.
   */
  close(graceMs?: number): Promise<void>;
}

/** Starts the sandbox on host (127.0.0.1) and port (0: a free port). */
export async function startSandbox(
  options: SandboxAppOptions & { port?: number; host?: string } = {},
): Promise<RunningSandbox> {
  const { port = 0, host = '127.0.0.1', ...rest } = options;
  const app = createSandbox(rest);
  await app.listen({ port, host });
  const origin = rest.origin?.replace(/\/+$/, '') ?? originOf(app.server.address() as AddressInfo);
  return { origin, baseUrl: `${origin}${BASE_PATH}`, app, close: (graceMs) => closeGracefully(app, graceMs) };
}
