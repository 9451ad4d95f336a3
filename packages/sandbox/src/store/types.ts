// What the sandbox asks of a store: one account's lifecycle state read and changed atomically, the
// resources it created with their attribution, and a reset; the same behaviour in memory and in Redis.
import type { AccountState, Attribution, Decision, Kind } from '../service/state.ts';

/** An account's state as read, with the version a change is made against. */
export interface Snapshot {
  version: string;
  state: AccountState | undefined;
}

export interface SandboxStore {
  /** `memory`, or the Redis address without credentials: for messages and logs. */
  readonly description: string;
  read(user: string): Promise<Snapshot>;
  /**
   * Applies `decide` to the account's current state atomically: when another instance changed the
   * account in between, it decides again on the new state. `first`, a snapshot just read, saves a read.
   */
  update<T>(user: string, decide: (state: AccountState | undefined) => Decision<T>, first?: Snapshot): Promise<T>;
  /** Numbers the resource (`shipment-1`, `shipment-2`, …), stores its attribution, and returns its id. */
  create(user: string, kind: Kind, attribution: Omit<Attribution, 'id'>): Promise<string>;
  /** The newest MAX_ATTRIBUTIONS attributions, oldest first. */
  attributions(user: string): Promise<Attribution[]>;
  /** Forgets everything of the account. */
  reset(user: string): Promise<void>;
  /** Resolves when the store answers; rejects with StoreUnavailable when it does not. */
  ping(): Promise<void>;
  /** Resolves once the store is connected, or after `ms` whether or not it is. */
  connected(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

/** The store did not answer, or not in time: the request is answered 503, and nothing was half-done. */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}
