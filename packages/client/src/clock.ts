// Time, and when to stop: the clock that the workflow waits on, and the caller's signal and
// timeoutMs folded into one signal that every request and every wait listens to. timeoutMs runs on
// the clock too, so that a clock passed in controls every wait of the workflow.
import { setTimeout as delay } from 'node:timers/promises';
import { ShippingApiError } from './errors.ts';

/** How the workflow reads the time and waits; a test or a simulation may pass its own. */
export interface Clock {
  now(): number;
  /** Resolves after ms, or rejects with signal.reason as soon as signal aborts. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    delay(ms, undefined, { signal }).catch((error: unknown) => {
      throw signal.aborted ? signal.reason : error;
    }),
};

/** The caller's signal and timeoutMs (on `clock`) as one signal, and the error that says which stopped the run. */
export class Scope {
  readonly signal: AbortSignal;
  readonly #timeout = new AbortController();
  /** Ends the clock's wait for timeoutMs once the run is over. */
  readonly #done = new AbortController();
  readonly #timeoutMs: number | undefined;

  constructor(clock: Clock, caller: AbortSignal | undefined, timeoutMs: number | undefined) {
    this.#timeoutMs = timeoutMs;
    this.signal = caller ? AbortSignal.any([caller, this.#timeout.signal]) : this.#timeout.signal;
    if (timeoutMs !== undefined)
      clock.sleep(timeoutMs, this.#done.signal).then(
        () => this.#timeout.abort(new Error(`timeoutMs (${timeoutMs} ms) ran out`)),
        () => {},
      );
  }

  /** The error for a run that the signal or timeoutMs stopped. */
  stopped(operation: string, cause: unknown): ShippingApiError {
    return this.#timeout.signal.aborted
      ? new ShippingApiError(
          `fetchCarrierSetup gave up: timeoutMs (${this.#timeoutMs} ms) ran out during ${operation}.`,
          { code: 'TIMEOUT', operation, cause },
        )
      : new ShippingApiError(`fetchCarrierSetup stopped: the signal was aborted during ${operation}.`, {
          code: 'ABORTED',
          operation,
          cause,
        });
  }

  dispose(): void {
    this.#done.abort();
  }
}
