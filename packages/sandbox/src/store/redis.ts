// The store shared by every instance: Redis 7 or Valkey through ioredis. An account is three keys
// under one hash tag: its lifecycle state with a version (changed by compare-and-set, so that two
// instances racing on one account cannot both win), its counters, and its attributions. Each key
// expires ACCOUNT_TTL_MS after the account's last change. A command the store does not answer within
// COMMAND_TIMEOUT_MS fails with StoreUnavailable, and so does any command while it is unreachable.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { type AccountState, type Attribution, type Decision, type Kind, MAX_ATTRIBUTIONS } from '../service/state.ts';
import { type SandboxStore, type Snapshot, StoreUnavailable } from './types.ts';

/** An account untouched this long is forgotten (its keys' TTL). */
const ACCOUNT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
const COMMAND_TIMEOUT_MS = 2000;
/** Compare-and-set attempts before the request is answered 503: only under a storm of changes to one account. */
const MAX_ATTEMPTS = 64;

// KEYS[1] the account's state. ARGV: the version read ('' when there was none), the next state,
// a new version, the TTL. 1 when set, 0 when another change came first.
const COMPARE_AND_SET = `
local version = redis.call('HGET', KEYS[1], 'v') or ''
if version ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[3], 's', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`;

// KEYS: counters, attributions. ARGV: the kind, the attribution's JSON after its id, the number
// kept, the TTL. The id, as shipment-<n>.
const CREATE = `
local id = ARGV[1] .. '-' .. redis.call('HINCRBY', KEYS[1], ARGV[1], 1)
redis.call('RPUSH', KEYS[2], '{"id":"' .. id .. '"' .. ARGV[2])
redis.call('LTRIM', KEYS[2], -tonumber(ARGV[3]), -1)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return id`;

type ScriptedRedis = Redis & {
  compareAndSet(key: string, version: string, state: string, next: string, ttl: number): Promise<number>;
  createResource(
    counters: string,
    list: string,
    kind: string,
    rest: string,
    keep: number,
    ttl: number,
  ): Promise<string>;
};

/** The address without credentials, for messages and logs. */
function describeRedisUrl(url: URL): string {
  return `${url.protocol}//${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname === '/' ? '' : url.pathname}`;
}

export class RedisStore implements SandboxStore {
  readonly description: string;
  readonly #redis: ScriptedRedis;
  #lastError: Error | undefined;

  constructor(url: URL, onError: (error: Error) => void = () => {}) {
    this.description = describeRedisUrl(url);
    this.#redis = new Redis(url.href, {
      enableOfflineQueue: false,
      enableAutoPipelining: true,
      commandTimeout: COMMAND_TIMEOUT_MS,
      connectTimeout: COMMAND_TIMEOUT_MS,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 100, 1000),
    }) as ScriptedRedis;
    this.#redis.defineCommand('compareAndSet', { numberOfKeys: 1, lua: COMPARE_AND_SET });
    this.#redis.defineCommand('createResource', { numberOfKeys: 2, lua: CREATE });
    // Without a listener an unreachable store would end the process; reconnecting is ioredis's.
    this.#redis.on('error', (error: Error) => {
      if (error.message !== this.#lastError?.message) onError(error);
      this.#lastError = error;
    });
    this.#redis.on('ready', () => {
      this.#lastError = undefined;
    });
  }

  /** The keys of one account, under one hash tag so that a cluster keeps them together. */
  #keys(user: string) {
    const tag = `shipping-sandbox:{${Buffer.from(user).toString('base64url')}}`;
    return { state: `${tag}:state`, counters: `${tag}:counters`, attributions: `${tag}:attributions` };
  }

  async #call<T>(command: () => Promise<T>): Promise<T> {
    try {
      return await command();
    } catch (error) {
      throw new StoreUnavailable(`The store ${this.description} did not answer: ${(error as Error).message}`, {
        cause: error,
      });
    }
  }

  async read(user: string): Promise<Snapshot> {
    const [version, state] = await this.#call(() => this.#redis.hmget(this.#keys(user).state, 'v', 's'));
    return { version: version ?? '', state: state ? (JSON.parse(state) as AccountState) : undefined };
  }

  async update<T>(
    user: string,
    decide: (state: AccountState | undefined) => Decision<T>,
    first?: Snapshot,
  ): Promise<T> {
    const key = this.#keys(user).state;
    let snapshot = first ?? (await this.read(user));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
      const { result, next } = decide(snapshot.state);
      if (!next) return result;
      const version = randomBytes(9).toString('base64url');
      const set = await this.#call(() =>
        this.#redis.compareAndSet(key, snapshot.version, JSON.stringify(next), version, ACCOUNT_TTL_MS),
      );
      if (set === 1) return result;
      snapshot = await this.read(user);
    }
    throw new StoreUnavailable(`The account changed ${MAX_ATTEMPTS} times while this request was deciding.`);
  }

  async create(user: string, kind: Kind, attribution: Omit<Attribution, 'id'>): Promise<string> {
    const keys = this.#keys(user);
    const rest = `,${JSON.stringify(attribution).slice(1)}`;
    return this.#call(() =>
      this.#redis.createResource(keys.counters, keys.attributions, kind, rest, MAX_ATTRIBUTIONS, ACCOUNT_TTL_MS),
    );
  }

  async attributions(user: string): Promise<Attribution[]> {
    const list = await this.#call(() => this.#redis.lrange(this.#keys(user).attributions, 0, -1));
    return list.map((entry) => JSON.parse(entry) as Attribution);
  }

  async reset(user: string): Promise<void> {
    const keys = this.#keys(user);
    await this.#call(() => this.#redis.del(keys.state, keys.counters, keys.attributions));
  }

  async ping(): Promise<void> {
    await this.#call(() => this.#redis.ping());
  }

  connected(ms: number): Promise<boolean> {
    if (this.#redis.status === 'ready') return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ready: boolean) => {
        clearTimeout(timer);
        this.#redis.off('ready', onReady);
        resolve(ready);
      };
      const onReady = () => done(true);
      const timer = setTimeout(() => done(false), ms);
      this.#redis.on('ready', onReady);
    });
  }

  async close(): Promise<void> {
    this.#redis.disconnect();
  }
}
