// The store of one process: a Map per kind of record. Forgotten when the process ends; every
// request is answered without waiting on anything.
import { type AccountState, type Attribution, type Decision, type Kind, MAX_ATTRIBUTIONS } from '../service/state.ts';
import type { SandboxStore, Snapshot } from './types.ts';

interface MemoryAccount {
  state: AccountState | undefined;
  version: number;
  counters: Partial<Record<Kind, number>>;
  attributions: Attribution[];
}

/**
 * An account's attributions after a creation: the newest MAX_ATTRIBUTIONS once they are half as
 * many again, else the same list. Trimmed in steps, so that a long run does not copy the list on
 * every creation.
 * @internal exported for its test (tests/sandbox/creations.test.ts)
 */
export function trimAttributions(list: Attribution[]): Attribution[] {
  return list.length > MAX_ATTRIBUTIONS * 1.5 ? list.slice(-MAX_ATTRIBUTIONS) : list;
}

export class MemoryStore implements SandboxStore {
  readonly description = 'memory';
  readonly #accounts = new Map<string, MemoryAccount>();

  #account(user: string): MemoryAccount {
    let account = this.#accounts.get(user);
    if (!account) {
      account = { state: undefined, version: 0, counters: {}, attributions: [] };
      this.#accounts.set(user, account);
    }
    return account;
  }

  read(user: string): Promise<Snapshot> {
    const account = this.#accounts.get(user);
    return Promise.resolve({ version: String(account?.version ?? 0), state: account?.state });
  }

  update<T>(user: string, decide: (state: AccountState | undefined) => Decision<T>): Promise<T> {
    const { result, next } = decide(this.#accounts.get(user)?.state);
    if (next) {
      const account = this.#account(user);
      account.state = next;
      account.version += 1;
    }
    return Promise.resolve(result);
  }

  create(user: string, kind: Kind, attribution: Omit<Attribution, 'id'>): Promise<string> {
    const account = this.#account(user);
    const number = (account.counters[kind] ?? 0) + 1;
    account.counters[kind] = number;
    const id = `${kind}-${number}`;
    account.attributions.push({ id, ...attribution });
    account.attributions = trimAttributions(account.attributions);
    return Promise.resolve(id);
  }

  attributions(user: string): Promise<Attribution[]> {
    const list = this.#accounts.get(user)?.attributions ?? [];
    // A copy: the caller's list does not change with later creations.
    return Promise.resolve(list.slice(-MAX_ATTRIBUTIONS));
  }

  reset(user: string): Promise<void> {
    this.#accounts.delete(user);
    return Promise.resolve();
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  connected(): Promise<boolean> {
    return Promise.resolve(true);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}
