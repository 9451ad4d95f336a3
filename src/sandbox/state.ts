// What the sandbox remembers, per API user (each Basic user name is an account of its own): the
// current generation of the carrier setup file, the resources created with their attribution, and
// the queue of faults asked for.
import { randomBytes } from 'node:crypto';

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
  /** The COMPLETED status as sent, made once. */
  completedBody?: string;
}

/** The newest attributions kept per account; older ones are dropped, so memory stays bounded. */
export const MAX_ATTRIBUTIONS = 10_000;
/** Earlier file addresses remembered per account, answered 410 rather than 404. */
const MAX_PAST_ADDRESSES = 20;

export class Account {
  generation: Generation | undefined;
  /** When the last poll of GET /setups/carriers was answered (not throttled). */
  lastPollAt = Number.NEGATIVE_INFINITY;
  readonly counters: Record<Kind, number> = { shipment: 0, sales_order: 0, imported_shipment: 0, shipment_draft: 0 };
  attributions: Attribution[] = [];
  faults: Fault[] = [];
  readonly #pastTokens: string[] = [];

  record(attribution: Attribution): void {
    this.attributions.push(attribution);
    if (this.attributions.length > MAX_ATTRIBUTIONS * 1.5)
      this.attributions = this.attributions.slice(-MAX_ATTRIBUTIONS);
  }

  listAttributions(): Attribution[] {
    return this.attributions.length > MAX_ATTRIBUTIONS ? this.attributions.slice(-MAX_ATTRIBUTIONS) : this.attributions;
  }

  /** Takes one use of the first queued fault of one of these kinds, if any. */
  takeFault<K extends Fault['fault']>(...kinds: K[]): Extract<Fault, { fault: K }> | undefined {
    const index = this.faults.findIndex((f) => (kinds as string[]).includes(f.fault));
    if (index < 0) return undefined;
    const fault = this.faults[index]!;
    fault.count -= 1;
    if (fault.count <= 0) this.faults.splice(index, 1);
    return fault as Extract<Fault, { fault: K }>;
  }

  /** Whether a file name (<token>.json) is that of an earlier generation of this account. */
  isPastAddress(name: string): boolean {
    return this.#pastTokens.some((token) => name === `${token}.json`);
  }

  newGeneration(now: number, generationMs: number, urlTtlMs: number): Generation {
    if (this.generation) {
      this.#pastTokens.push(this.generation.token);
      if (this.#pastTokens.length > MAX_PAST_ADDRESSES) this.#pastTokens.shift();
    }
    const completedAt = now + generationMs;
    this.generation = {
      token: randomBytes(12).toString('base64url'),
      startedAt: now,
      completedAt,
      expiresAt: completedAt + urlTtlMs,
    };
    return this.generation;
  }
}

export class SandboxState {
  readonly #accounts = new Map<string, Account>();

  account(user: string): Account {
    let account = this.#accounts.get(user);
    if (!account) {
      account = new Account();
      this.#accounts.set(user, account);
    }
    return account;
  }

  /** The account if it exists; for read-only routes, so that they create nothing. */
  peek(user: string): Account | undefined {
    return this.#accounts.get(user);
  }

  reset(user: string): void {
    this.#accounts.delete(user);
  }
}
