// When to send the next request. The specification does not say how the API answers when it throttles, so
// the standard HTTP answers for "slow down" are taken as throttling: 429 Too Many Requests and
// 503 Service Unavailable, each with or without Retry-After.
import type { Clock } from './clock.ts';

export const THROTTLING_STATUSES: ReadonlySet<number> = new Set([429, 503]);

/** The longest wait that growth alone reaches; Retry-After may ask for more and is honoured. */
const MAX_BACKOFF_MS = 5 * 60_000;

/** Retry-After (RFC 9110, section 10.2.3) in milliseconds: delay-seconds or an HTTP-date. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * Keeps the requests of one kind at least spacingMs apart, and further apart while they are
 * throttled: as long as Retry-After says, or, without it, twice as long after each throttled answer.
 */
export class Pacer {
  readonly #clock: Clock;
  readonly #spacingMs: number;
  readonly #backoffMs: number;
  #notBefore = Number.NEGATIVE_INFINITY;
  #throttled = 0;

  readonly #onThrottled: ((waitMs: number) => void) | undefined;

  /** `onThrottled` hears of each throttled answer, with how long the next request waits. */
  constructor(clock: Clock, spacingMs: number, backoffMs: number, onThrottled?: (waitMs: number) => void) {
    this.#clock = clock;
    this.#spacingMs = spacingMs;
    this.#backoffMs = backoffMs;
    this.#onThrottled = onThrottled;
  }

  /** When the next request may go, on the clock. */
  nextAt(): number {
    return Math.max(this.#notBefore, this.#clock.now());
  }

  /** Waits until the next request may go, then counts it as sent. */
  async next(signal: AbortSignal): Promise<void> {
    const wait = this.#notBefore - this.#clock.now();
    if (wait > 0) await this.#clock.sleep(wait, signal);
    this.#notBefore = this.#clock.now() + this.#spacingMs;
  }

  throttled(retryAfter: string | null): void {
    this.#throttled += 1;
    const asked = retryAfterMs(retryAfter, this.#clock.now());
    const grown = Math.min(this.#backoffMs * 2 ** this.#throttled, Math.max(MAX_BACKOFF_MS, this.#backoffMs));
    const wait = Math.max(this.#spacingMs, this.#backoffMs, asked ?? grown);
    this.#notBefore = Math.max(this.#notBefore, this.#clock.now() + wait);
    this.#onThrottled?.(this.#notBefore - this.#clock.now());
  }

  succeeded(): void {
    this.#throttled = 0;
  }
}
