// `npm run check` (dev/check.ts) on a small project of its own: the parts run as npm scripts in two
// lanes (those that spread over every core at nice 10, `jobs` at a time; the others one at a time at
// normal priority, beside them), each part's output printed whole, a table of part, result, start and
// seconds, and the closing line `N passed, N failed` over all parts, with exit 1 when any part fails.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { check, type Part } from '../../dev/check.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const project = tempDirForTests('shipping check ');

/** A part's script: records when it ran and at what priority, waits, writes its counts, exits. */
const script = (name: string, { ms, passed, exit = 0 }: { ms: number; passed?: number; exit?: number }) =>
  `node -e "const fs=require('fs'),os=require('os');const t0=Date.now();` +
  `setTimeout(()=>{fs.writeFileSync('ran-${name}.json',JSON.stringify({from:t0,to:Date.now(),nice:os.getPriority()}));` +
  (passed === undefined
    ? ''
    : `fs.writeFileSync('test-results/${name}.json',JSON.stringify({passed:${passed},failed:0,skipped:0}));`) +
  `console.log('output of ${name}');process.exit(${exit})},${ms})"`;

const PARTS: Part[] = [
  { name: 'wide-a', script: 'wide-a', counted: true, background: true },
  { name: 'wide-b', script: 'wide-b', counted: true, background: true },
  { name: 'broken', script: 'broken', counted: false, background: true },
  { name: 'serial', script: 'serial', counted: false },
];

beforeAll(() => {
  writeFileSync(
    path.join(project, 'package.json'),
    JSON.stringify({
      name: 'check-fixture',
      private: true,
      scripts: {
        'wide-a': script('wide-a', { ms: 700, passed: 2 }),
        'wide-b': script('wide-b', { ms: 700, passed: 3 }),
        broken: script('broken', { ms: 50, exit: 1 }),
        serial: script('serial', { ms: 900 }),
      },
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs the gate on the fixture; returns its exit code, what it printed, and each part's record. */
async function gate(jobs: number, only: string[] = []) {
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => printed.push(String(chunk)) > 0);
  const code = await check({ only, jobs, parts: PARTS, project });
  vi.restoreAllMocks();
  const ran = (name: string) =>
    JSON.parse(readFileSync(path.join(project, `ran-${name}.json`), 'utf8')) as {
      from: number;
      to: number;
      nice: number;
    };
  return { code, text: printed.join('\n'), ran };
}

const overlap = (a: { from: number; to: number }, b: { from: number; to: number }) => a.from < b.to && b.from < a.to;

describe('npm run check', () => {
  it('counts every part, says which failed, and ends with N passed, N failed and exit 1', async () => {
    const { code, text } = await gate(2);
    expect(code).toBe(1);
    expect(text.trim().split('\n').at(-1)).toBe('6 passed, 1 failed, 0 skipped');
    expect(text).toMatch(/^part +result +tests +from +seconds$/m);
    expect(text).toMatch(/^wide-a +pass +2 passed, 0 failed +\d+\.\d +\d+\.\d$/m);
    expect(text).toMatch(/^broken +FAIL +\d+\.\d +\d+\.\d$/m);
    for (const name of ['wide-a', 'wide-b', 'broken', 'serial']) {
      expect(text).toContain(`output of ${name}`);
      expect(text).toMatch(new RegExp(`## ${name}: (pass|FAIL) in \\d+\\.\\d s`));
    }
  }, 60_000);

  it('runs the parts that spread over the cores at a lower priority, beside one other at a time', async () => {
    const { ran } = await gate(1, ['wide-a', 'wide-b', 'serial']);
    expect(ran('wide-a').nice).toBeGreaterThan(ran('serial').nice);
    expect(ran('wide-b').nice).toBe(ran('wide-a').nice);
    // One of the second lane at a time with --jobs 1, and the first lane beside it.
    expect(overlap(ran('wide-a'), ran('wide-b'))).toBe(false);
    expect(overlap(ran('wide-a'), ran('serial'))).toBe(true);
    const { ran: two } = await gate(2, ['wide-a', 'wide-b']);
    expect(overlap(two('wide-a'), two('wide-b'))).toBe(true);
  }, 60_000);

  it('refuses a part there is not, naming the parts there are', async () => {
    await expect(check({ only: ['unti'], jobs: 2, parts: PARTS, project })).rejects.toThrow(
      'No part named unti: the parts are wide-a, wide-b, broken, serial.',
    );
  });
});
