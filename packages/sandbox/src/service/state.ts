// What the sandbox remembers, per API user (each Basic user name is an account of its own), as plain
// JSON that any store keeps: the current generation of the carrier setup file, the time of the last
// poll, the queue of faults asked for, and earlier file addresses; beside it, in the store, the
// resources created with their attribution.

export type Kind = 'shipment' | 'sales_order' | 'imported_shipment' | 'shipment_draft';

export interface Attribution {
  id: string;
  resource: Kind;
  partnerId: number | null;
  source: 'header' | 'body' | 'none';
  /** The body's partner_id when it was not the one stored: the header won, or drafts take the header only. */
  ignoredBodyPartnerId?: unknown;
}

export type Fault =
  | { fault: 'throttle'; count: number; retryAfterSeconds: number }
  | { fault: 'cut_download'; afterBytes: number; count: number }
  | { fault: 'expire_url'; count: number }
  | { fault: 'unavailable'; count: number; retryAfterSeconds?: number };

export interface Generation {
  /** Names the file address: /files/<hash>/<token>.json. */
  token: string;
  startedAt: number;
  completedAt: number;
  /** completedAt + urlTtlMs, or the moment the address was expired on demand. */
  expiresAt: number;
}

/** One account's lifecycle state. Never changed in place: a decision returns the next one. */
export interface AccountState {
  generation?: Generation;
  /** When the last poll of GET /setups/carriers was answered (not throttled). */
  lastPollAt?: number;
  faults: Fault[];
  /** Tokens of earlier generations, newest last, answered 410 rather than 404. */
  pastTokens: string[];
}

/** The newest attributions kept per account; older ones are dropped, so the store stays bounded. */
export const MAX_ATTRIBUTIONS = 10_000;
/** Earlier file addresses remembered per account. */
export const MAX_PAST_ADDRESSES = 20;

export const EMPTY_ACCOUNT: AccountState = Object.freeze({ faults: [], pastTokens: [] }) as AccountState;

/**
 * What a decision on an account gives: its result, and the account's next state (undefined: no
 * change, so that a read creates nothing).
 */
export interface Decision<T> {
  result: T;
  next?: AccountState;
}

/** Takes one use of the first queued fault of one of these kinds, if any. */
export function takeFault<K extends Fault['fault']>(
  state: AccountState,
  kinds: readonly K[],
): Decision<Extract<Fault, { fault: K }> | undefined> {
  const index = state.faults.findIndex((f) => (kinds as readonly string[]).includes(f.fault));
  if (index < 0) return { result: undefined };
  const fault = state.faults[index] as Extract<Fault, { fault: K }>;
  const faults =
    fault.count <= 1
      ? state.faults.filter((_, i) => i !== index)
      : state.faults.map((f, i) => (i === index ? { ...f, count: f.count - 1 } : f));
  return { result: fault, next: { ...state, faults } };
}
