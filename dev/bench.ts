// `npm run bench`: runs the parts in dev/bench/, each measuring side by side in one run on this
// machine and printing ratios with their inputs and goals: `check` (the pre-flight check), `coverage`
// (`shipping-api coverage` against `npm run contract` on a HAR of 10,000 entries), `client`
// (the client against openapi-fetch and raw fetch), `sandbox` (the sandbox against Prism and a bare
// server), `setup-diff` (`shipping-api setup diff` against parsing and validating both files). And
// what the parts share.
import { readdirSync } from 'node:fs';
import os from 'node:os';

/** The median: the middle value, or the mean of the two middle ones. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The parts of `npm run bench`: the modules of dev/bench/, each exporting `bench(): Promise<void>`. */
const PARTS_FOLDER = new URL('./bench/', import.meta.url);
export const BENCH_PARTS = readdirSync(PARTS_FOLDER)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => name.slice(0, -3))
  .sort();

/** `npm run bench [-- --part <name>]`: every part in name order, or only the one named. */
export async function runBench({ part }: { part?: string } = {}): Promise<void> {
  if (part !== undefined && !BENCH_PARTS.includes(part))
    throw new Error(`--part ${part}: no such part; the parts are ${BENCH_PARTS.join(', ')}.`);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(
    `npm run bench, ${new Date().toISOString()}: Node ${process.version}, ${cpu}, ${os.availableParallelism()} cores, ${os.platform()} ${os.release()}`,
  );
  for (const name of BENCH_PARTS) {
    if (part !== undefined && part !== name) continue;
    const module = (await import(new URL(`${name}.ts`, PARTS_FOLDER).href)) as { bench: () => Promise<void> };
    await module.bench();
  }
}
