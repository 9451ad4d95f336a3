// Stopping the sandbox without breaking what it is answering: no new connection is accepted, idle
// keep-alive connections close at once, requests in flight are finished; after the grace period,
// whatever is still open is closed too.
// Not close-with-grace: it listens on the process itself (uncaughtException and unhandledRejection
// too) and ends it with process.exit, and a second signal or the end of its delay ends the process
// abruptly. The sandbox is also a library: stopOnSignal listens where it is told (a stand-in in the
// tests), leaves the exit to its caller, and on a second signal or after the grace period closes the
// connections still open and still finishes with exit code 0.
import type { FastifyInstance } from 'fastify';
import { checkSetting } from '../config/settings.ts';

/** How long requests in flight have to finish once the sandbox is told to stop, unless stopGraceMs says otherwise. */
export const STOP_GRACE_MS = checkSetting('stopGraceMs', undefined);

/** Where SIGTERM and SIGINT arrive: the process, or a stand-in in tests. */
export type Signals = Pick<NodeJS.EventEmitter, 'on' | 'off'>;

/**
 * Once `app` is closing, every answer still to be sent says `Connection: close`, so that its
 * keep-alive connection ends with it instead of holding the stop until the grace period is over.
 */
export function endConnectionsOnClose(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });
}

/** Closes `app`: finishes the requests in flight, and after `graceMs` closes the connections still open. */
export async function closeGracefully(app: FastifyInstance, graceMs = STOP_GRACE_MS): Promise<void> {
  const timer = setTimeout(() => closeNow(app, `after ${graceMs} ms`), graceMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}

function closeNow(app: FastifyInstance, when: string): void {
  app.log.warn(`closing the connections still open ${when}`);
  app.server.closeAllConnections();
}

/**
 * Waits for SIGTERM or SIGINT, then stops `app` as closeGracefully does; a second signal closes what
 * is still open at once. Resolves once the sandbox has stopped.
 */
export function stopOnSignal(app: FastifyInstance, signals: Signals, graceMs = STOP_GRACE_MS): Promise<void> {
  let stopping: Promise<void> | undefined;
  return new Promise<void>((resolve, reject) => {
    const onSignal = (signal: string) => {
      if (stopping) {
        closeNow(app, `on a second ${signal}`);
        return;
      }
      app.log.info(`${signal}: stopping; requests in flight have ${graceMs} ms to finish`);
      stopping = closeGracefully(app, graceMs)
        .then(() => app.log.info('stopped'))
        .finally(() => {
          signals.off('SIGTERM', onTerm);
          signals.off('SIGINT', onInt);
        });
      stopping.then(resolve, reject);
    };
    const onTerm = () => onSignal('SIGTERM');
    const onInt = () => onSignal('SIGINT');
    signals.on('SIGTERM', onTerm);
    signals.on('SIGINT', onInt);
  });
}
