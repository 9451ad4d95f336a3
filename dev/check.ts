// `npm run check`: the whole gate, every part an npm script of its own, run side by side as far as
// the cores allow. Each part's output goes to test-results/<part>.log and is printed when the part
// ends (whole, not interleaved with the others); the run ends with a table of part, result and
// seconds, and the line `N passed, N failed` over all parts. A test part counts its tests (from the
// test-results/<part>.json its reporter writes); a tool part (lint, typecheck, build:check) counts
// as one check.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { root } from './paths.ts';

export interface Part {
  /** The part's name, and the name of its test-results/ files. */
  name: string;
  /** The npm script that runs it alone. */
  script: string;
  /** Whether it writes test-results/<name>.json with its tests' counts (a vitest project). */
  counted: boolean;
}

/** Every part, longest first (so that the longest starts at once and two cores finish together). */
export const PARTS: Part[] = [
  { name: 'integration', script: 'test:integration', counted: true },
  { name: 'quickstart', script: 'test:quickstart', counted: true },
  { name: 'lint', script: 'lint', counted: false },
  { name: 'packages', script: 'test:packages', counted: true },
  { name: 'generators', script: 'test:generators', counted: true },
  { name: 'browser', script: 'test:browser', counted: true },
  { name: 'typecheck', script: 'typecheck', counted: false },
  { name: 'unit', script: 'test', counted: true },
  { name: 'build:check', script: 'build:check', counted: false },
];

interface Outcome {
  part: Part;
  code: number;
  seconds: number;
  passed: number;
  failed: number;
  skipped: number;
}

const RESULTS = path.join(root, 'test-results');
const logOf = (part: Part) => path.join(RESULTS, `${part.name.replace(':', '-')}.log`);
const countsOf = (part: Part) => path.join(RESULTS, `${part.name}.json`);

/** Runs one part's npm script, its output into its log; resolves with its outcome. */
function runPart(part: Part): Promise<Outcome> {
  const started = performance.now();
  rmSync(countsOf(part), { force: true });
  const log = createWriteStream(logOf(part));
  const child = spawn('npm', ['run', '--silent', part.script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A gate remakes nothing: a stale generated file fails the test parts at once, and build:check names it.
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', SHIPPING_TEST_NO_REMAKE: '1' },
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    child.once('close', (status, signal) => {
      log.end();
      const code = status ?? (signal ? 1 : 0);
      const seconds = (performance.now() - started) / 1000;
      resolve({ part, code, seconds, ...counts(part, code) });
    });
  });
}

/** A part's counts: its tests', or one check for a tool; a part that failed counts one failure at least. */
function counts(part: Part, code: number): { passed: number; failed: number; skipped: number } {
  if (part.counted && existsSync(countsOf(part))) {
    const found = JSON.parse(readFileSync(countsOf(part), 'utf8')) as {
      passed: number;
      failed: number;
      skipped: number;
    };
    return { ...found, failed: code !== 0 && found.failed === 0 ? 1 : found.failed };
  }
  return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
}

/** The closing table: one row a part, in the order of PARTS. */
export function summaryTable(outcomes: Outcome[]): string {
  const rows = PARTS.flatMap((part) => outcomes.filter((outcome) => outcome.part === part)).map((o) => [
    o.part.name,
    o.code === 0 ? 'pass' : 'FAIL',
    o.part.counted ? `${o.passed} passed, ${o.failed} failed${o.skipped ? `, ${o.skipped} skipped` : ''}` : '',
    o.seconds.toFixed(1),
  ]);
  const header = ['part', 'result', 'tests', 'seconds'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 3 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export interface CheckOptions {
  /** The names of the parts to run; every part when empty. */
  only: string[];
  /** How many parts run at once. */
  jobs: number;
}

export const DEFAULT_JOBS = Math.max(1, Math.min(2, availableParallelism()));

/** `npm run check`: runs the parts, prints each one's output as it ends, then the table; returns the exit code. */
export async function check({ only, jobs }: CheckOptions): Promise<number> {
  const unknown = only.filter((name) => !PARTS.some((part) => part.name === name));
  if (unknown.length > 0)
    throw new Error(`No part named ${unknown.join(', ')}: the parts are ${PARTS.map((p) => p.name).join(', ')}.`);
  const queue = PARTS.filter((part) => only.length === 0 || only.includes(part.name));
  mkdirSync(RESULTS, { recursive: true });
  const started = performance.now();
  const outcomes: Outcome[] = [];
  const worker = async () => {
    for (let part = queue.shift(); part; part = queue.shift()) {
      console.log(`… ${part.name} (npm run ${part.script})`);
      const outcome = await runPart(part);
      outcomes.push(outcome);
      console.log(`\n## ${part.name}: ${outcome.code === 0 ? 'pass' : 'FAIL'} in ${outcome.seconds.toFixed(1)} s`);
      process.stdout.write(readFileSync(logOf(part), 'utf8'));
    }
  };
  await Promise.all(Array.from({ length: jobs }, worker));
  const total = outcomes.reduce(
    (sum, o) => ({ passed: sum.passed + o.passed, failed: sum.failed + o.failed, skipped: sum.skipped + o.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log(`\n${summaryTable(outcomes)}\n`);
  console.log(`npm run check: ${((performance.now() - started) / 1000).toFixed(1)} s, ${jobs} parts at once`);
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return outcomes.every((o) => o.code === 0) ? 0 : 1;
}
