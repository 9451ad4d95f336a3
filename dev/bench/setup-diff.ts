// Part `setup-diff` of `npm run bench`: `shipping-api setup diff` on two 30 MB carrier setup files
// whose names go beyond Latin-1 (dev/fixtures/setup-file.ts), NEW made from OLD by EDITS random edits
// and every list shuffled (dev/fixtures/setup-edits.ts), side by side with what the comparison
// cannot do without: reading, parsing and validating both files, the way `setup validate` does, and
// holding them.
// Goals: the whole command within 2x the time, and its peak memory within 1.5x, of reading, parsing
// and validating both. Each variant runs in a fresh process of its own (for its peak memory), after
// running once on the contract's small example pair so that its code is compiled; the processes run
// in pairs, the order alternating.
import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { EventEmitter } from 'node:events';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { validateCarrierSetupFile } from 'shipping-api-v3-client';
import { median } from '../bench.ts';
import { editedSetup, repeatableRandom, shuffledSetup } from '../fixtures/setup-edits.ts';
import { exampleSetupFile, setupFileOfSize } from '../fixtures/setup-file.ts';
import { makeTempDir } from '../tools.ts';

const scriptPath = fileURLToPath(import.meta.url);
const FILE_BYTES = 30 * 1024 * 1024;
const EDITS = 300;
const PAIRS = 7;
const GOAL_TIME = 2;
const GOAL_MEMORY = 1.5;

interface Measure {
  ms: number;
  peakRssMiB: number;
  /** What the process did, to show that it did it: carriers read, or changes found. */
  result: number;
}

/** Reads, parses and validates both files as `setup validate` reads one, and holds them. */
async function parseBoth(files: string[]): Promise<number> {
  const held = [];
  for (const file of files) held.push(validateCarrierSetupFile(JSON.parse(await readFile(file, 'utf8'))));
  return held.reduce((n, f) => n + f.length, 0);
}

/** `shipping-api setup diff OLD NEW`, the summary written to a sink; the number of its lines. */
async function diffBoth(files: string[]): Promise<number> {
  const { runCli } = await import('../../packages/cli/src/program.ts');
  let lines = 0;
  const stdout = { write: (text: string) => (lines += text.split('\n').length - 1) };
  const code = await runCli(['setup', 'diff', files[0]!, files[1]!], {
    stdout,
    stderr: { write: (text: string) => process.stderr.write(text) },
    env: { NO_COLOR: '1' },
    cwd: process.cwd(),
    signals: new EventEmitter(),
  });
  if (code > 1) throw new Error(`setup diff exited ${code}`);
  return lines;
}

/** --measure parse|diff: one fresh process, warmed on the small pair, then the large pair once. */
async function measure(variant: string, small: string[], large: string[]): Promise<void> {
  const work = variant === 'parse' ? parseBoth : diffBoth;
  await work(small);
  globalThis.gc?.();
  const start = performance.now();
  const result = await work(large);
  const ms = performance.now() - start;
  const measured: Measure = { ms, peakRssMiB: process.resourceUsage().maxRSS / 1024, result };
  console.log(JSON.stringify(measured));
}

/** The two pairs of files: the example and an edited copy, and the two 30 MB files. */
async function writeFiles(dir: string): Promise<{ small: string[]; large: string[]; edits: number; bytes: number[] }> {
  const write = async (name: string, text: string | Buffer) => {
    const file = path.join(dir, name);
    await writeFile(file, text);
    return file;
  };
  const random = repeatableRandom(32);
  const example = exampleSetupFile();
  const small = [
    await write('small-old.json', JSON.stringify(example)),
    await write('small-new.json', JSON.stringify(shuffledSetup(editedSetup(example, 5, random).file, random))),
  ];
  const text = setupFileOfSize(FILE_BYTES, 'dense-beyond-latin1');
  const edited = editedSetup(JSON.parse(text.toString('utf8')), EDITS, random);
  const newText = JSON.stringify(shuffledSetup(edited.file, random));
  const large = [await write('old.json', text), await write('new.json', newText)];
  return { small, large, edits: edited.changes.length, bytes: [text.length, Buffer.byteLength(newText)] };
}

function run(variant: string, small: string[], large: string[]): Measure {
  const args = [
    '--expose-gc',
    scriptPath,
    '--measure',
    variant,
    '--small',
    small.join(','),
    '--large',
    large.join(','),
  ];
  const result = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (result.status !== 0) throw new Error(`--measure ${variant} failed:\n${result.stderr}`);
  return JSON.parse(result.stdout) as Measure;
}

export async function bench(): Promise<void> {
  console.log('\nsetup diff (dev/bench/setup-diff.ts)');
  const { dir, remove } = makeTempDir('shipping-bench-setup-diff-');
  try {
    const { small, large, edits, bytes } = await writeFiles(dir);
    const mib = bytes.map((b) => (b / 1024 / 1024).toFixed(1));
    console.log(
      `  OLD ${mib[0]} MiB, NEW ${mib[1]} MiB (OLD with ${edits} random edits, every list shuffled); names beyond Latin-1`,
    );
    const sides: Record<string, Measure[]> = { parse: [], diff: [] };
    const timeRatios: number[] = [];
    for (let p = 0; p < PAIRS; p += 1) {
      for (const variant of p % 2 === 0 ? ['parse', 'diff'] : ['diff', 'parse'])
        sides[variant]!.push(run(variant, small, large));
      timeRatios.push(sides.diff!.at(-1)!.ms / sides.parse!.at(-1)!.ms);
    }
    const of = (variant: string, key: 'ms' | 'peakRssMiB') => median(sides[variant]!.map((m) => m[key]));
    const time = of('diff', 'ms') / of('parse', 'ms');
    const memory = of('diff', 'peakRssMiB') / of('parse', 'peakRssMiB');
    const range = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
    console.log(`  ${PAIRS} fresh processes a side, in pairs; medians:`);
    console.log(
      `    read, parse and validate both   ${of('parse', 'ms').toFixed(0)} ms, peak RSS ${of('parse', 'peakRssMiB').toFixed(0)} MiB`,
    );
    console.log(
      `    setup diff OLD NEW (summary)    ${of('diff', 'ms').toFixed(0)} ms, peak RSS ${of('diff', 'peakRssMiB').toFixed(0)} MiB; ${sides.diff![0]!.result} lines`,
    );
    console.log(
      `    time   diff / parse both = ${time.toFixed(3)} (goal <= ${GOAL_TIME}: ${time <= GOAL_TIME ? 'met' : 'NOT met'}; pair by pair ${range(timeRatios)})`,
    );
    console.log(
      `    memory diff / parse both = ${memory.toFixed(3)} (goal <= ${GOAL_MEMORY}: ${memory <= GOAL_MEMORY ? 'met' : 'NOT met'})`,
    );
  } finally {
    remove();
  }
}

// This file run on its own is a child of the measures: --measure one fresh process.
if (import.meta.main) {
  const { values } = parseArgs({
    options: { measure: { type: 'string' }, small: { type: 'string' }, large: { type: 'string' } },
  });
  if (!values.measure) throw new Error('Run the bench with `npm run bench -- --part setup-diff`.');
  await measure(values.measure, values.small!.split(','), values.large!.split(','));
}
