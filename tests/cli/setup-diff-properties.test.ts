// Properties of `setup diff` over random edits (dev/fixtures/setup-edits.ts): a file with a random set
// of edits differs from the original by exactly those changes, whatever the order of either file's
// lists; a file and a shuffled copy of it hold the same setup.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CarrierSetupFile, validateCarrierSetupFile } from 'shipping-api-v3-client';
import { editedSetup, repeatableRandom, shuffledSetup } from '../../dev/fixtures/setup-edits.ts';
import { exampleSetupFile, setupFileOfSize } from '../../dev/fixtures/setup-file.ts';
import type { SetupChange } from '../../packages/cli/src/setup-diff/changes.ts';
import { diffSetupFiles } from '../../packages/cli/src/setup-diff/diff.ts';

const bases: Record<string, CarrierSetupFile> = {
  example: exampleSetupFile(),
  generated: JSON.parse(setupFileOfSize(40_000, 'dense-beyond-latin1').toString('utf8')),
};

/** A value as text with every array sorted: equal texts, values equal but for the order of their lists. */
function unordered(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(unordered).sort().join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    return `{${Object.keys(record)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${unordered(record[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

const where = (c: SetupChange) => `${c.kind} ${JSON.stringify(c.path)} ${c.field ?? ''}`;

describe('setup diff over random edits', () => {
  it('finds exactly the changes a random set of edits made, with their old and new values', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.keys(bases)),
        fc.integer(),
        fc.integer({ min: 1, max: 30 }),
        fc.constantFrom('neither', 'old', 'new', 'both'),
        (base, start, count, shuffled) => {
          const random = repeatableRandom(start);
          const { file, changes } = editedSetup(bases[base]!, count, random);
          expect(changes.length).toBeGreaterThan(0);
          // The edits keep to the contract: what is diffed is a file the service could send.
          expect(() => validateCarrierSetupFile(structuredClone(file))).not.toThrow();
          const old = ['old', 'both'].includes(shuffled) ? shuffledSetup(bases[base]!, random) : bases[base]!;
          const next = ['new', 'both'].includes(shuffled) ? shuffledSetup(file, random) : file;
          const found = diffSetupFiles(old, next);
          expect(found.map(where).sort()).toEqual(changes.map(where).sort());
          expect(found.map(unordered).sort()).toEqual(changes.map(unordered).sort());
        },
      ),
      { numRuns: 150 },
    );
  });

  it('finds no change between a file and a shuffled copy of it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(bases)), fc.integer(), (base, start) => {
        const copy = shuffledSetup(bases[base]!, repeatableRandom(start));
        expect(diffSetupFiles(bases[base]!, copy)).toEqual([]);
        expect(diffSetupFiles(copy, bases[base]!)).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it('lists the changes in the same order whatever the order of the lists of either file', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 30 }), (start, count) => {
        const random = repeatableRandom(start);
        const { file } = editedSetup(bases.generated!, count, random);
        const inOrder = diffSetupFiles(bases.generated!, file).map(where);
        const shuffled = diffSetupFiles(shuffledSetup(bases.generated!, random), shuffledSetup(file, random));
        expect(shuffled.map(where)).toEqual(inOrder);
      }),
      { numRuns: 50 },
    );
  });
});
