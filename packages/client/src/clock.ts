// Time, and when to stop: the clock that the workflow waits on, and the caller's signal and
// timeoutMs folded into one signal that every request and every wait listens to.
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
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      signal.addEventListener('abort', onAbort, { once: true });
    }),
};

export class Scope {
  readonly signal: AbortSignal;
  readonly #controller = new AbortController();
  readonly #caller: AbortSignal | undefined;
  readonly #timeoutMs: number | undefined;
  readonly #onAbort: () => void;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timedOut = false;

  constructor(caller: AbortSignal | undefined, timeoutMs: number | undefined) {
    this.signal = this.#controller.signal;
    this.#caller = caller;
    this.#timeoutMs = timeoutMs;
    this.#onAbort = () => this.#controller.abort(caller?.reason);
    if (caller?.aborted) this.#onAbort();
    else caller?.addEventListener('abort', this.#onAbort, { once: true });
    if (timeoutMs !== undefined) {
      this.#timer = setTimeout(() => {
        this.#timedOut = true;
        this.#controller.abort(new Error(`timeoutMs (${timeoutMs} ms) ran out`));
      }, timeoutMs);
    }
  }

  /** The error for a run that the signal or timeoutMs stopped. */
  stopped(operation: string, cause: unknown): ShippingApiError {
    return this.#timedOut
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
    clearTimeout(this.#timer);
    this.#caller?.removeEventListener('abort', this.#onAbort);
  }
}
