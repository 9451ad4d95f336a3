// Credentials checked lately, so that scrypt runs once per credential and not on every request. An
// entry is keyed by an HMAC-SHA-256 of the Authorization header under a random key of this process:
// neither the header nor a hash that could be tried against guessed keys is kept. Accepted and
// refused entries have their own bounds, so that a flood of wrong keys cannot push out the good ones.
import { createHmac, createSecretKey, randomBytes } from 'node:crypto';

export interface CacheLimits {
  /** How long an accepted credential is kept, and how many at most. */
  acceptedMs: number;
  accepted: number;
  /** How long a refused credential is kept, and how many at most: long enough that repeating it costs no scrypt. */
  refusedMs: number;
  refused: number;
}

export const CACHE_LIMITS: CacheLimits = { acceptedMs: 60_000, accepted: 10_000, refusedMs: 10_000, refused: 1_000 };

/** Entries by key, oldest first (a Map keeps insertion order); a hit moves an entry to the end. */
class Bounded {
  readonly #entries = new Map<string, number>();
  readonly #ttlMs: number;
  readonly #max: number;

  constructor(ttlMs: number, max: number) {
    this.#ttlMs = ttlMs;
    this.#max = max;
  }

  has(key: string, now: number): boolean {
    const expires = this.#entries.get(key);
    if (expires === undefined) return false;
    this.#entries.delete(key);
    if (expires <= now) return false;
    this.#entries.set(key, expires);
    return true;
  }

  add(key: string, now: number): void {
    this.#entries.delete(key);
    this.#entries.set(key, now + this.#ttlMs);
    if (this.#entries.size > this.#max) this.#entries.delete(this.#entries.keys().next().value!);
  }

  get size(): number {
    return this.#entries.size;
  }
}

export class CredentialCache {
  // A KeyObject: an HMAC made from a Buffer imports the key anew each time, several times slower.
  readonly #secret = createSecretKey(randomBytes(32));
  readonly #accepted: Bounded;
  readonly #refused: Bounded;
  readonly #now: () => number;

  constructor(limits: CacheLimits = CACHE_LIMITS, now: () => number = Date.now) {
    this.#now = now;
    this.#accepted = new Bounded(limits.acceptedMs, limits.accepted);
    this.#refused = new Bounded(limits.refusedMs, limits.refused);
  }

  /** The key of an Authorization header in this cache. */
  keyOf(header: string): string {
    return createHmac('sha256', this.#secret).update(header).digest('base64url');
  }

  /** true: accepted lately; false: refused lately; undefined: not known. */
  verdict(key: string): boolean | undefined {
    const now = this.#now();
    if (this.#accepted.has(key, now)) return true;
    if (this.#refused.has(key, now)) return false;
    return undefined;
  }

  remember(key: string, accepted: boolean): void {
    (accepted ? this.#accepted : this.#refused).add(key, this.#now());
  }

  get size(): { accepted: number; refused: number } {
    return { accepted: this.#accepted.size, refused: this.#refused.size };
  }
}
