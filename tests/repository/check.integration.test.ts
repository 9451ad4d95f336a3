// `npm run check` (dev/check.ts) on a small project of its own: the parts run as npm scripts in two
// lanes (those that spread over every core `jobs` at a time; the others one at a time, beside them),
// each part's output printed whole, a table of part, result, start and
// seconds, and the closing line `N passed, N failed` over all parts, with exit 1 when any part fails.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { check, type Outcome, type Part } from '../../dev/check.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const project = tempDirForTests('shipping check ');

/** A part's script: waits a moment, writes its counts (a test part), prints a line, exits. */
const script = (name: string, { passed, exit = 0 }: { passed?: number; exit?: number } = {}) =>
  `node -e "const fs=require('fs');` +
  `setTimeout(()=>{` +
  (passed === undefined
    ? ''
    : `fs.writeFileSync('test-results/${name}.json',JSON.stringify({passed:${passed},failed:0,skipped:0}));`) +
  `console.log('output of ${name}');process.exit(${exit})},50)"`;

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
        'wide-a': script('wide-a', { passed: 2 }),
        'wide-b': script('wide-b', { passed: 3 }),
        broken: script('broken', { exit: 1 }),
        serial: script('serial'),
      },
    }),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Runs the gate on the fixture; returns its exit code and what it printed. */
async function gate(jobs: number, only: string[] = []) {
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => printed.push(String(chunk)) > 0);
  const code = await check({ only, jobs, parts: PARTS, project });
  vi.restoreAllMocks();
  return { code, text: printed.join('\n') };
}

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

  it('runs `jobs` of the parts that spread over the cores at once, beside one of the others', async () => {
    const parts: Part[] = [
      ...PARTS,
      { name: 'wide-c', script: 'wide-c', counted: false, background: true },
      { name: 'serial-2', script: 'serial-2', counted: false },
    ];
    /** The parts running at once whenever one starts, with a part that takes a few turns of the event loop. */
    const lanes = async (jobs: number) => {
      const running = new Set<string>();
      const seen: string[][] = [];
      const run = async (project: string, part: Part): Promise<Outcome> => {
        running.add(part.name);
        seen.push([...running].sort());
        writeFileSync(path.join(project, 'test-results', `${part.name}.log`), '');
        for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
        running.delete(part.name);
        return { part, code: 0, from: 0, seconds: 0, passed: 1, failed: 0, skipped: 0 };
      };
      vi.spyOn(console, 'log').mockImplementation(() => undefined);
      vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
      expect(await check({ only: [], jobs, parts, project, run })).toBe(0);
      vi.restoreAllMocks();
      const at = (names: (p: Part) => boolean) => (group: string[]) =>
        group.filter((name) => names(parts.find((part) => part.name === name)!)).length;
      return {
        wide: Math.max(...seen.map(at((part) => part.background === true))),
        others: Math.max(...seen.map(at((part) => !part.background))),
        beside: seen.some(
          (group) => at((part) => part.background === true)(group) > 0 && at((part) => !part.background)(group) > 0,
        ),
      };
    };
    expect(await lanes(1)).toEqual({ wide: 1, others: 1, beside: true });
    expect(await lanes(2)).toEqual({ wide: 2, others: 1, beside: true });
    expect(await lanes(3)).toEqual({ wide: 3, others: 1, beside: true });
  });

  it('holds a part back until the parts it waits for have ended, its lane running the next ready part meanwhile', async () => {
    const parts: Part[] = [
      { name: 'wide', script: 'wide', counted: false, background: true },
      { name: 'waiting', script: 'waiting', counted: false, after: ['wide'] },
      { name: 'ready', script: 'ready', counted: false },
    ];
    const events: string[] = [];
    const run = async (project: string, part: Part): Promise<Outcome> => {
      events.push(`start ${part.name}`);
      writeFileSync(path.join(project, 'test-results', `${part.name}.log`), '');
      for (let turn = 0; turn < (part.name === 'wide' ? 20 : 2); turn++)
        await new Promise((resolve) => setImmediate(resolve));
      events.push(`end ${part.name}`);
      return { part, code: 0, from: 0, seconds: 0, passed: 1, failed: 0, skipped: 0 };
    };
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    expect(await check({ only: [], jobs: 1, parts, project, run })).toBe(0);
    expect(events.indexOf('start waiting')).toBeGreaterThan(events.indexOf('end wide'));
    expect(events.indexOf('start ready')).toBeLessThan(events.indexOf('end wide'));
    // Run without the parts it waits for, it waits for nothing.
    events.length = 0;
    expect(await check({ only: ['waiting'], jobs: 1, parts, project, run })).toBe(0);
    vi.restoreAllMocks();
    expect(events).toEqual(['start waiting', 'end waiting']);
  });

  it('refuses a part there is not, naming the parts there are', async () => {
    await expect(check({ only: ['unti'], jobs: 2, parts: PARTS, project })).rejects.toThrow(
      'No part named unti: the parts are wide-a, wide-b, broken, serial.',
    );
  });
});
