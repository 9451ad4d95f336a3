// The sandbox's cache of checked credentials: an entry lives its time, no longer, however often it is
// hit; each side keeps at most its number, the least recently used going first; a flood of refused
// credentials never pushes out an accepted one.
import { describe, expect, it } from 'vitest';
import { CredentialCache } from '../../packages/sandbox/src/accounts/cache.ts';

const LIMITS = { acceptedMs: 1000, accepted: 3, refusedMs: 100, refused: 2 };

function cache() {
  const clock = { now: 1_000_000 };
  return { clock, cache: new CredentialCache(LIMITS, () => clock.now) };
}

describe('the cache of checked credentials', () => {
  it('keeps a verdict for its time to live, counted from when it was added, hits or not', () => {
    const { clock, cache: c } = cache();
    c.remember('a', true);
    c.remember('r', false);
    clock.now = 1_000_100;
    expect([c.verdict('a'), c.verdict('r')]).toEqual([true, false]);
    clock.now = 1_000_101;
    expect(c.verdict('r')).toBeUndefined();
    clock.now = 1_001_000;
    expect(c.verdict('a')).toBe(true);
    clock.now = 1_001_001;
    expect(c.verdict('a')).toBeUndefined();
    expect(c.verdict('never seen')).toBeUndefined();
  });

  it('keeps at most its number on each side, the least recently used going first', () => {
    const { cache: c } = cache();
    for (const key of ['a', 'b', 'c']) c.remember(key, true);
    expect(c.verdict('a')).toBe(true);
    c.remember('d', true);
    expect(['a', 'b', 'c', 'd'].map((key) => c.verdict(key))).toEqual([true, undefined, true, true]);
    expect(c.size.accepted).toBe(3);
  });

  it('lets no flood of refused credentials push out an accepted one', () => {
    const { cache: c } = cache();
    c.remember('good', true);
    for (let i = 0; i < 100; i++) c.remember(`wrong-${i}`, false);
    expect(c.verdict('good')).toBe(true);
    expect(c.size).toEqual({ accepted: 1, refused: 2 });
  });
});
