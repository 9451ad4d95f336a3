// Part `coverage` of `npm run bench`: `shipping-api coverage` on a HAR file of ENTRIES entries, side
// by side with `npm run contract` judging the same file. The file repeats the project's own recorded
// traffic (tests/recordings/coverage/sandbox.har: conform against the sandbox, and the sandbox
// session), so it holds every operation, the download at the addresses its statuses gave, and every
// documented response.
// Goal: coverage within 2x the time the contract check takes. Each runs as the user runs it, a
// process of its own (the command line from source; the npm script's node process), in pairs, the
// order alternating; the figure is the median wall time.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from '../bench.ts';
import { root } from '../paths.ts';
import { makeTempDir } from '../tools.ts';
import { RECORDED_HAR } from '../traffic/project-traffic.ts';

const ENTRIES = 10_000;
const PAIRS = 3;
const GOAL = 2;
const NODE = path.join(root, 'node_modules/.bin/node');

/** The recorded session repeated to `count` entries. */
function bigHar(count: number): string {
  const har = JSON.parse(readFileSync(RECORDED_HAR, 'utf8'));
  const session = har.log.entries as unknown[];
  har.log.entries = Array.from({ length: count }, (_, index) => session[index % session.length]);
  return JSON.stringify(har);
}

/** One run of a command: its wall time, and its exit code (0 or 1 are both a finished run). */
function timed(name: string, args: string[]): number {
  const start = performance.now();
  const result = spawnSync(NODE, args, {
    cwd: root,
    env: { ...process.env, NODE_OPTIONS: '--conditions=shipping-api-source', NO_COLOR: '1' },
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - start;
  if (result.status !== 0 && result.status !== 1)
    throw new Error(`${name} exited ${result.status}:\n${result.stderr.slice(0, 2000)}`);
  return ms;
}

export async function bench(): Promise<void> {
  const temp = makeTempDir('bench-coverage-');
  try {
    const file = path.join(temp.dir, 'traffic.har');
    writeFileSync(file, bigHar(ENTRIES));
    const coverage = ['packages/cli/src/main.ts', 'coverage', '--har', file, '--json'];
    const contract = ['scripts/contract.ts', file];
    const times = { coverage: [] as number[], contract: [] as number[] };
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const order = pair % 2 === 0 ? (['coverage', 'contract'] as const) : (['contract', 'coverage'] as const);
      for (const name of order) times[name].push(timed(name, name === 'coverage' ? coverage : contract));
    }
    const [covered, judged] = [median(times.coverage), median(times.contract)];
    const ratio = covered / judged;
    console.log(
      `\ncoverage: a HAR of ${ENTRIES} entries (${(readFileSync(file).length / 1e6).toFixed(1)} MB), ${PAIRS} pairs, median wall time`,
    );
    console.log(
      `  shipping-api coverage --har FILE --json  ${(covered / 1000).toFixed(2)} s  (${times.coverage.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
    );
    console.log(
      `  npm run contract -- FILE                 ${(judged / 1000).toFixed(2)} s  (${times.contract.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
    );
    console.log(
      `  coverage / contract: ${ratio.toFixed(3)}x (goal: at most ${GOAL}x) ${ratio <= GOAL ? 'met' : 'MISSED'}`,
    );
  } finally {
    temp.remove();
  }
}
