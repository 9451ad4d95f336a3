// The sandbox of the Shipping Service Public API v3: a stateful server for testing integrations (the
// carrier setup lifecycle, the download, creations with partner attribution, faults), on loopback
// for any API user, or elsewhere too for the API users of an accounts file.
import type { FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { BASE_PATH } from './http/context.ts';
import { createSandbox, originOf, type SandboxAppOptions } from './http/app.ts';
import { checkHost } from './config/options.ts';
import { checkSetting, PortInUseError, settingOf } from './config/settings.ts';
import { closeGracefully } from './http/stopping.ts';

export { createSandbox };
export type { SandboxContract } from './http/validation.ts';

export { BASE_PATH } from './http/context.ts';
export { DEFAULTS, type SandboxOptions } from './config/options.ts';
export {
  admittedUsers,
  LOG_LEVELS,
  type LogLevel,
  PortInUseError,
  SandboxOptionsError,
  SETTINGS,
  type SandboxSettings,
} from './config/settings.ts';
export type { Attribution, Fault, Kind } from './service/state.ts';
export type { SandboxAppOptions };
export type { LogDestination } from './http/logging.ts';
export type { SandboxMetrics } from './http/metrics.ts';
export { STOP_GRACE_MS, stopOnSignal } from './http/stopping.ts';

export interface RunningSandbox {
  /** http://127.0.0.1:<port> */
  origin: string;
  /** `${origin}/api/public/v3`, the base URL to give a client. */
  baseUrl: string;
  /** The accounts file whose API users are admitted; undefined when any API user is (on loopback only). */
  accounts: string | undefined;
  app: FastifyInstance;
  /** How long requests in flight have to finish once the sandbox is told to stop (stopGraceMs). */
  stopGraceMs: number;
  /**
   * Stops: no new connections, idle ones closed at once, requests in flight finished; after
   * `graceMs` (stopGraceMs by default: 10 s unless given) the connections still open are closed.
   */
  close(graceMs?: number): Promise<void>;
}

/**
 * Starts the sandbox on host (127.0.0.1) and port (0: a free port). A host other than loopback needs
 * accounts; without, startSandbox throws SandboxOptionsError. A port in use is a PortInUseError that
 * names the flag and the variable which choose another (`--port`, or `--<portFlag>`, and SANDBOX_PORT).
 */
export async function startSandbox(
  options: SandboxAppOptions & { port?: number; host?: string; portFlag?: string } = {},
): Promise<RunningSandbox> {
  const { port = 0, host = '127.0.0.1', portFlag = 'port', ...rest } = options;
  checkHost(host, rest.accounts);
  const stopGraceMs = checkSetting('stopGraceMs', rest.stopGraceMs);
  const app = createSandbox(rest);
  try {
    // An IPv6 address may come in brackets, as in a URL; listen takes it bare.
    await app.listen({ port, host: host.replace(/^\[(.*)\]$/, '$1') });
  } catch (error) {
    // The accounts file is watched from the moment the app is ready; a port in use must not leave that behind.
    await app.close();
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new PortInUseError(host, port, { option: `--${portFlag}`, variable: settingOf('port').variable });
    throw error;
  }
  const origin = rest.origin?.replace(/\/+$/, '') ?? originOf(app.server.address() as AddressInfo);
  return {
    origin,
    baseUrl: `${origin}${BASE_PATH}`,
    accounts: rest.accounts,
    app,
    stopGraceMs,
    close: (graceMs = stopGraceMs) => closeGracefully(app, graceMs),
  };
}
