// Checks the credentials of a request against one reading of the accounts file: the cache first,
// else scrypt. An unknown API user is checked against a decoy hash of the same cost, so that its
// refusal costs and looks the same as a wrong key. Requests with the same header share one check.
import { CACHE_LIMITS, type CacheLimits, CredentialCache } from './cache.ts';
import type { Accounts } from './file.ts';
import { decoyHash, type KeyHash, type KeyHasher, keyMatches, scryptHasher } from './key-hash.ts';

export class Verifier {
  readonly #cache: CredentialCache;
  readonly #pending = new Map<string, Promise<boolean>>();
  readonly #decoy: KeyHash;
  readonly #hasher: KeyHasher;
  readonly accounts: Accounts;

  constructor(accounts: Accounts, hasher: KeyHasher = scryptHasher, limits: CacheLimits = CACHE_LIMITS) {
    this.accounts = accounts;
    this.#hasher = hasher;
    this.#cache = new CredentialCache(limits);
    const first = accounts.users.values().next().value;
    this.#decoy = first ? decoyHash(first.hash, first.hash.hash.length) : decoyHash();
  }

  /** Whether `user` with `key`, as carried by the Authorization `header`, is admitted. */
  verify(header: string, user: string, key: string): Promise<boolean> {
    const cacheKey = this.#cache.keyOf(header);
    const known = this.#cache.verdict(cacheKey);
    if (known !== undefined) return Promise.resolve(known);
    let check = this.#pending.get(cacheKey);
    if (!check) {
      check = this.#check(user, key).then((accepted) => {
        this.#cache.remember(cacheKey, accepted);
        return accepted;
      });
      void check.finally(() => this.#pending.delete(cacheKey)).catch(() => {});
      this.#pending.set(cacheKey, check);
    }
    return check;
  }

  async #check(user: string, key: string): Promise<boolean> {
    const account = this.accounts.users.get(user);
    const matches = await keyMatches(key, account?.hash ?? this.#decoy, this.#hasher);
    return matches && account !== undefined;
  }
}
