// The contract and its bundle pass every lint run of `npm run lint` with no problem of any severity.
import { describe, expect, it } from 'vitest';
import { LINT_RUNS } from '../../dev/lint.ts';

describe('lint', () => {
  for (const run of LINT_RUNS) {
    it(`${run.name}: no problems`, () => {
      expect(run.problems()).toEqual([]);
    });
  }
});
