// `npm run check`: the whole gate, every part an npm script of its own, run side by side as far as
// the cores allow. Each part's output goes to test-results/<part>.log and is printed when the part
// ends (whole, not interleaved with the others); the run ends with a table of part, result, when it
// started and seconds, and the line `N passed, N failed` over all parts. A test part counts its tests
// (from the test-results/<part>.json its reporter writes); a tool part (lint, typecheck, build:check)
// counts as one check.
//
// Two lanes share the cores. A part that runs one step after another (an install, a browser) runs in
// the first lane, one at a time, from the start: it would be the gate's tail if it waited for the
// others. A part that spreads over every core runs in the second lane beside it, `jobs` at a time
// (one on two cores). At the same priority: a part at a lower one starved the time limits of the
// integration tests. A part that must not run beside another (the release rehearsal publishes the
// packages' dist/, which the package test builds again) waits for it: its lane runs the next part
// that is ready meanwhile.
//
// A part that uses a toolchain of its own (toolchains/, out of the root install) names it: its vitest
// project installs it before its tests (tests/support/runner/toolchains.ts, dev/toolchains.ts); a
// tool part's script installs it itself (npm run lint, toolchains/lint).
import { spawn } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { root } from './paths.ts';
import type { Toolchain } from './toolchains.ts';

export interface Part {
  /** The part's name, and the name of its test-results/ files. */
  name: string;
  /** The npm script that runs it alone. */
  script: string;
  /** Whether it writes test-results/<name>.json with its tests' counts (a vitest project). */
  counted: boolean;
  /** Whether it spreads over every core, and so runs in the second lane (see above). */
  background?: boolean;
  /** The parts it waits for, when they run too: it must not run beside them. */
  after?: string[];
  /** The toolchains of toolchains/ that it uses, installed by its vitest project before its tests, or by its script (lint). */
  toolchains?: Toolchain[];
}

/** Every part; in each lane, the longest first (so that the lanes finish together). */
export const PARTS: Part[] = [
  {
    name: 'integration',
    script: 'test:integration',
    counted: true,
    background: true,
    toolchains: ['prism', 'lint'],
  },
  { name: 'quickstart', script: 'test:quickstart', counted: true },
  { name: 'release', script: 'test:release', counted: true, after: ['packages'], toolchains: ['registry', 'node22'] },
  { name: 'lint', script: 'lint', counted: false, background: true, toolchains: ['lint'] },
  { name: 'packages', script: 'test:packages', counted: true, background: true, toolchains: ['node22'] },
  {
    name: 'generators',
    script: 'test:generators',
    counted: true,
    background: true,
    toolchains: ['generators', 'prism'],
  },
  { name: 'browser', script: 'test:browser', counted: true },
  { name: 'typecheck', script: 'typecheck', counted: false, background: true },
  { name: 'unit', script: 'test', counted: true, background: true },
  { name: 'build:check', script: 'build:check', counted: false },
];

export interface Outcome {
  part: Part;
  code: number;
  /** When it started, in seconds from the start of the gate. */
  from: number;
  seconds: number;
  passed: number;
  failed: number;
  skipped: number;
}

const resultsOf = (project: string) => path.join(project, 'test-results');
const logOf = (project: string, part: Part) => path.join(resultsOf(project), `${part.name.replace(':', '-')}.log`);
const countsOf = (project: string, part: Part) => path.join(resultsOf(project), `${part.name}.json`);

/** Runs one part's npm script, its output into its log; resolves with its outcome. */
export function runPart(project: string, part: Part, gateStarted: number): Promise<Outcome> {
  const started = performance.now();
  const from = (started - gateStarted) / 1000;
  rmSync(countsOf(project, part), { force: true });
  const log = createWriteStream(logOf(project, part));
  const child = spawn('npm', ['run', '--silent', part.script], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    // A gate remakes nothing: a stale generated file fails the test parts at once, and build:check names it.
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', SHIPPING_TEST_NO_REMAKE: '1' },
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  return new Promise((resolve) => {
    child.once('close', (status, signal) => {
      const code = status ?? (signal ? 1 : 0);
      const seconds = (performance.now() - started) / 1000;
      // Once the log is written to its end: the gate prints it whole when the part ends.
      log.end(() => resolve({ part, code, from, seconds, ...counts(project, part, code) }));
    });
  });
}

/** A part's counts: its tests', or one check for a tool; a part that failed counts one failure at least. */
function counts(project: string, part: Part, code: number): { passed: number; failed: number; skipped: number } {
  if (part.counted && existsSync(countsOf(project, part))) {
    const found = JSON.parse(readFileSync(countsOf(project, part), 'utf8')) as {
      passed: number;
      failed: number;
      skipped: number;
    };
    return { ...found, failed: code !== 0 && found.failed === 0 ? 1 : found.failed };
  }
  return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0 };
}

/** The closing table: one row a part, in the order of PARTS. */
function summaryTable(parts: Part[], outcomes: Outcome[]): string {
  const rows = parts
    .flatMap((part) => outcomes.filter((outcome) => outcome.part === part))
    .map((o) => [
      o.part.name,
      o.code === 0 ? 'pass' : 'FAIL',
      o.part.counted ? `${o.passed} passed, ${o.failed} failed${o.skipped ? `, ${o.skipped} skipped` : ''}` : '',
      o.from.toFixed(1),
      o.seconds.toFixed(1),
    ]);
  const header = ['part', 'result', 'tests', 'from', 'seconds'];
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i >= 3 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

export interface CheckOptions {
  /** The names of the parts to run; every part when empty. */
  only: string[];
  /** How many parts of the second lane (those that spread over every core) run at once. */
  jobs: number;
  /** The parts there are: PARTS unless given. */
  parts?: Part[];
  /** The folder whose npm scripts run, with its test-results/: this repository unless given. */
  project?: string;
  /** Runs one part: runPart (its npm script) unless given. */
  run?: typeof runPart;
}

/** The second lane's parts at once: the cores the first lane leaves. */
export const DEFAULT_JOBS = Math.max(1, availableParallelism() - 1);

/** `npm run check`: runs the parts, prints each one's output as it ends, then the table; returns the exit code. */
export async function check({
  only,
  jobs,
  parts = PARTS,
  project = root,
  run = runPart,
}: CheckOptions): Promise<number> {
  const unknown = only.filter((name) => !parts.some((part) => part.name === name));
  if (unknown.length > 0)
    throw new Error(`No part named ${unknown.join(', ')}: the parts are ${parts.map((p) => p.name).join(', ')}.`);
  const chosen = parts.filter((part) => only.length === 0 || only.includes(part.name));
  const first = chosen.filter((part) => !part.background);
  const second = chosen.filter((part) => part.background);
  mkdirSync(resultsOf(project), { recursive: true });
  const started = performance.now();
  const outcomes: Outcome[] = [];
  const finished = new Set<string>();
  const ended = new EventEmitter();
  /** Whether a part's `after` parts have finished (or do not run). */
  const ready = (part: Part) =>
    (part.after ?? []).every((name) => finished.has(name) || !chosen.some((other) => other.name === name));
  /** The first part of the queue that is ready, taken from it; waits while none is. */
  const next = async (queue: Part[]): Promise<Part | undefined> => {
    for (;;) {
      const at = queue.findIndex(ready);
      if (at >= 0) return queue.splice(at, 1)[0];
      if (queue.length === 0) return undefined;
      await once(ended, 'finished');
    }
  };
  const worker = async (queue: Part[]) => {
    for (let part = await next(queue); part; part = await next(queue)) {
      console.log(`… ${part.name} (npm run ${part.script})`);
      const outcome = await run(project, part, started);
      outcomes.push(outcome);
      console.log(`\n## ${part.name}: ${outcome.code === 0 ? 'pass' : 'FAIL'} in ${outcome.seconds.toFixed(1)} s`);
      process.stdout.write(readFileSync(logOf(project, part), 'utf8'));
      finished.add(part.name);
      ended.emit('finished');
    }
  };
  await Promise.all([worker(first), ...Array.from({ length: jobs }, () => worker(second))]);
  const total = outcomes.reduce(
    (sum, o) => ({ passed: sum.passed + o.passed, failed: sum.failed + o.failed, skipped: sum.skipped + o.skipped }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log(`\n${summaryTable(parts, outcomes)}\n`);
  console.log(
    `npm run check: ${((performance.now() - started) / 1000).toFixed(1)} s, one part at a time beside ${jobs} of those that spread over the cores`,
  );
  console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return outcomes.every((o) => o.code === 0) ? 0 : 1;
}
