// Credentials checked lately, so that scrypt runs once per credential and not on every request. An
// entry is keyed by an HMAC-SHA-256 of the Authorization header under a random key of this process:
// neither the header nor a hash that could be tried against guessed keys is kept. Accepted and
// refused entries have their own bounds, so that a flood of wrong keys cannot push out the good ones:
// two lru-caches, each with its time to live and its number of entries, the least recently used
// going first.
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export interface CacheLimits {
  /** How long an accepted credential is kept, and how many at most. */
  acceptedMs: number;
  accepted: number;
  /** How long a refused credential is kept, and how many at most: long enough that repeating it costs no scrypt. */
  refusedMs: number;
  refused: number;
}

export const CACHE_LIMITS: CacheLimits = { acceptedMs: 60_000, accepted: 10_000, refusedMs: 10_000, refused: 1_000 };

export class CredentialCache {
  // A KeyObject: an HMAC made from a Buffer imports the key anew each time, several times slower.
  readonly #secret = createSecretKey(randomBytes(32));
  readonly #accepted: LRUCache<string, true>;
  readonly #refused: LRUCache<string, true>;

  constructor(limits: CacheLimits = CACHE_LIMITS, now: () => number = Date.now) {
    // A hit makes an entry the most recently used; its time to live still counts from when it was added.
    // ttlResolution 0: the clock is read at each look-up, not kept for a millisecond.
    const bounded = (ttl: number, max: number) =>
      new LRUCache<string, true>({ ttl, max, ttlResolution: 0, perf: { now } });
    this.#accepted = bounded(limits.acceptedMs, limits.accepted);
    this.#refused = bounded(limits.refusedMs, limits.refused);
  }

  /** The key of an Authorization header in this cache. */
  keyOf(header: string): string {
    return createHmac('sha256', this.#secret).update(header).digest('base64url');
  }

  /** true: accepted lately; false: refused lately; undefined: not known. */
  verdict(key: string): boolean | undefined {
    if (this.#accepted.get(key)) return true;
    if (this.#refused.get(key)) return false;
    return undefined;
  }

  remember(key: string, accepted: boolean): void {
    (accepted ? this.#accepted : this.#refused).set(key, true);
  }

  get size(): { accepted: number; refused: number } {
    return { accepted: this.#accepted.size, refused: this.#refused.size };
  }
}
