// The code of the setup file nearest to one a shipment gives, to suggest for a typo.

/** The edit distance of two codes (insertions, deletions and substitutions). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/**
 * The candidate nearest to `code`, when it is near enough to be a typo of it (at most a third of
 * its letters apart, and at least one); the first in order on a tie; undefined when none is.
 */
export function nearestCode(code: string, candidates: Iterable<string>): string | undefined {
  const limit = Math.max(1, Math.floor(code.length / 3));
  let best: { candidate: string; apart: number } | undefined;
  for (const candidate of candidates) {
    if (candidate === code) continue;
    const apart = distance(code.toLowerCase(), candidate.toLowerCase());
    if (apart <= limit && (!best || apart < best.apart)) best = { candidate, apart };
  }
  return best?.candidate;
}

/** ` Did you mean "x"?` for the nearest candidate, or nothing. */
export function didYouMean(code: string, candidates: Iterable<string>): string {
  const nearest = nearestCode(code, candidates);
  return nearest === undefined ? '' : ` Did you mean ${JSON.stringify(nearest)}?`;
}
