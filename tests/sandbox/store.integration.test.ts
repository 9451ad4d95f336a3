// The memory store and the Redis store behave the same: random sequences of the sandbox's operations
// on a few accounts, run against both, give the same answers (file tokens compared by the order in
// which they appeared). And each store shown to matter: a store that forgets a change, or applies a
// stale one, is told apart.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fileAt, poll, queueFault } from '../../packages/sandbox/src/service/lifecycle.ts';
import { EMPTY_ACCOUNT, type Fault, type Kind, takeFault } from '../../packages/sandbox/src/service/state.ts';
import type { SandboxStore } from '../../packages/sandbox/src/store/index.ts';
import { MemoryStore } from '../../packages/sandbox/src/store/memory.ts';
import { RedisStore } from '../../packages/sandbox/src/store/redis.ts';
import { redisServerPath, startRedis } from '../support/harness/redis.ts';

const HASH = 'h';
const OPTIONS = { minPollMs: 1000, generationMs: 1000, urlTtlMs: 2000 };
const USERS = ['a', 'b', 'ü-ñ:名'] as const;
const KINDS: Kind[] = ['shipment', 'sales_order', 'imported_shipment', 'shipment_draft'];

type Operation =
  | { op: 'wait'; ms: number }
  | { op: 'poll'; user: number }
  | { op: 'file'; user: number; which: 'current' | 'past' | 'other' }
  | { op: 'fault'; user: number; fault: Fault }
  | { op: 'unavailable'; user: number }
  | { op: 'create'; user: number; kind: Kind; partnerId: number | null }
  | { op: 'attributions'; user: number }
  | { op: 'faults'; user: number }
  | { op: 'reset'; user: number };

// Mostly the first account, so that its sequence goes far.
const user = fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, fc.integer({ min: 1, max: USERS.length - 1 }));
const faultArbitrary: fc.Arbitrary<Fault> = fc.oneof(
  fc.record({
    fault: fc.constant('throttle' as const),
    count: fc.integer({ min: 1, max: 3 }),
    retryAfterSeconds: fc.nat(5),
  }),
  fc.record({
    fault: fc.constant('cut_download' as const),
    afterBytes: fc.nat(100),
    count: fc.integer({ min: 1, max: 2 }),
  }),
  fc.constant({ fault: 'expire_url' as const, count: 1 }),
  fc.record({ fault: fc.constant('unavailable' as const), count: fc.integer({ min: 1, max: 2 }) }),
);
// Waits, polls and file requests most often, so that generations complete, expire and are replaced.
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { arbitrary: fc.record({ op: fc.constant('wait' as const), ms: fc.constantFrom(0, 500, 1000, 2500) }), weight: 4 },
  { arbitrary: fc.record({ op: fc.constant('poll' as const), user }), weight: 4 },
  {
    arbitrary: fc.record({
      op: fc.constant('file' as const),
      user,
      which: fc.constantFrom('current' as const, 'past' as const, 'other' as const),
    }),
    weight: 3,
  },
  fc.record({ op: fc.constant('fault' as const), user, fault: faultArbitrary }),
  fc.record({ op: fc.constant('unavailable' as const), user }),
  fc.record({
    op: fc.constant('create' as const),
    user,
    kind: fc.constantFrom(...KINDS),
    partnerId: fc.option(fc.nat(99_999)),
  }),
  fc.record({ op: fc.constant('attributions' as const), user }),
  fc.record({ op: fc.constant('faults' as const), user }),
  fc.record({ op: fc.constant('reset' as const), user }),
);

/** Sequences always run first: each reaches a part of the state that random ones reach rarely. */
const EXAMPLES: [Operation[]][] = [
  // An address replaced by a newer generation: 410, from the earlier addresses kept.
  [
    [
      { op: 'poll', user: 0 },
      { op: 'wait', ms: 2500 },
      { op: 'wait', ms: 2500 },
      { op: 'poll', user: 0 },
      { op: 'file', user: 0, which: 'past' },
    ],
  ],
  // Faults queued and taken in order, across kinds; the queue as read.
  [
    [
      { op: 'fault', user: 1, fault: { fault: 'throttle', count: 2, retryAfterSeconds: 3 } },
      { op: 'fault', user: 1, fault: { fault: 'unavailable', count: 1 } },
      { op: 'fault', user: 1, fault: { fault: 'cut_download', afterBytes: 7, count: 1 } },
      { op: 'faults', user: 1 },
      { op: 'poll', user: 1 },
      { op: 'unavailable', user: 1 },
      { op: 'faults', user: 1 },
      { op: 'poll', user: 1 },
      { op: 'poll', user: 1 },
      { op: 'wait', ms: 1000 },
      { op: 'poll', user: 1 },
      { op: 'file', user: 1, which: 'current' },
      { op: 'file', user: 1, which: 'current' },
    ],
  ],
  // expire_url on a completed address; creations numbered per kind; a reset forgets all.
  [
    [
      { op: 'poll', user: 2 },
      { op: 'wait', ms: 1000 },
      { op: 'poll', user: 2 },
      { op: 'fault', user: 2, fault: { fault: 'expire_url', count: 1 } },
      { op: 'file', user: 2, which: 'current' },
      { op: 'create', user: 2, kind: 'shipment', partnerId: 7 },
      { op: 'create', user: 2, kind: 'shipment', partnerId: null },
      { op: 'create', user: 2, kind: 'sales_order', partnerId: 1 },
      { op: 'attributions', user: 2 },
      { op: 'reset', user: 2 },
      { op: 'attributions', user: 2 },
      { op: 'create', user: 2, kind: 'shipment', partnerId: null },
      { op: 'faults', user: 2 },
    ],
  ],
];

/** Runs the operations on one store; the answers, with tokens numbered by first appearance. */
async function run(store: SandboxStore, operations: Operation[]): Promise<unknown[]> {
  let now = 1_000_000;
  const tokens = new Map<string, number>();
  const seen: Record<string, string[]> = {};
  const name = (token: string) => {
    if (!tokens.has(token)) tokens.set(token, tokens.size);
    return `token-${tokens.get(token)}`;
  };
  const answers: unknown[] = [];
  for (const step of operations) {
    if (step.op === 'wait') {
      now += step.ms;
      continue;
    }
    const who = USERS[step.user]!;
    const mine = (seen[who] ??= []);
    switch (step.op) {
      case 'poll': {
        const answer = await store.update(who, (state) => poll(state, now, OPTIONS));
        if ('generation' in answer) {
          if (!mine.includes(answer.generation.token)) mine.push(answer.generation.token);
          answers.push({ ...answer, generation: { ...answer.generation, token: name(answer.generation.token) } });
        } else answers.push(answer);
        break;
      }
      case 'file': {
        const token = step.which === 'current' ? mine.at(-1) : step.which === 'past' ? mine.at(-2) : 'someone-else';
        const address = { hash: HASH, name: `${token}.json` };
        answers.push(await store.update(who, (state) => fileAt(state, address, now, HASH)));
        break;
      }
      case 'fault':
        answers.push(await store.update(who, (state) => queueFault(state, step.fault, now)));
        break;
      case 'unavailable':
        answers.push(await store.update(who, (state) => takeFault(state ?? EMPTY_ACCOUNT, ['unavailable'])));
        break;
      case 'create':
        answers.push(
          await store.create(who, step.kind, {
            resource: step.kind,
            partnerId: step.partnerId,
            source: step.partnerId === null ? 'none' : 'header',
          }),
        );
        break;
      case 'attributions':
        answers.push(await store.attributions(who));
        break;
      case 'faults':
        answers.push((await store.read(who)).state?.faults ?? []);
        break;
      case 'reset':
        await store.reset(who);
        seen[who] = [];
        answers.push('reset');
        break;
    }
  }
  return answers;
}

describe.skipIf(!redisServerPath)('the Redis store', () => {
  it('answers every random sequence of operations as the memory store does', async () => {
    const redis = await startRedis();
    let database = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 1, maxLength: 60 }), async (operations) => {
        // Each sequence on an empty database of its own (16 of them, then flushed and reused).
        const url = new URL(`${redis.url}/${database++ % 16}`);
        const shared = new RedisStore(url);
        try {
          await shared.connected(3000);
          for (const who of USERS) await shared.reset(who);
          expect(await run(shared, operations)).toEqual(await run(new MemoryStore(), operations));
        } finally {
          await shared.close();
        }
      }),
      { numRuns: 150, examples: EXAMPLES },
    );
  });

  it('does not let two racing changes of one account both win (compare-and-set)', async () => {
    const redis = await startRedis();
    const stores = [new RedisStore(new URL(redis.url)), new RedisStore(new URL(redis.url))];
    await Promise.all(stores.map((s) => s.connected(3000)));
    // 40 first polls at once through two connections, no minimum between polls: one generation.
    const now = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        stores[i % 2]!.update('racer', (state) => poll(state, now, { ...OPTIONS, minPollMs: 0 })),
      ),
    );
    const statuses = answers.map((a) => ('status' in a ? a.status : 'throttled'));
    expect(statuses.filter((s) => s === 'REQUESTED')).toHaveLength(1);
    expect(new Set(answers.map((a) => ('generation' in a ? a.generation.token : '')))).toHaveProperty('size', 1);
    // A throttle fault of count 5, taken by 30 racing polls: exactly 5 throttled.
    await stores[0]!.update('racer', (state) =>
      queueFault(state, { fault: 'throttle', count: 5, retryAfterSeconds: 1 }, now),
    );
    const polls = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        stores[i % 2]!.update('racer', (state) => poll(state, now + 1, { ...OPTIONS, minPollMs: 0 })),
      ),
    );
    expect(polls.filter((p) => 'throttleSeconds' in p)).toHaveLength(5);
    await Promise.all(stores.map((s) => s.close()));
  });
});
