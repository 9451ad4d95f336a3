// `npm run bench`: every part in dev/bench/ (a module exporting `bench(): Promise<void>`) in name
// order, each measuring side by side in one run on this machine and printing ratios with their
// inputs and goals: `check` (the pre-flight check), `client` (the client against openapi-fetch and
// raw fetch), `sandbox` (the sandbox against Prism and a bare server).
//   npm run bench [-- --part <name>]   runs only the part of that name
import { readdirSync } from 'node:fs';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { command, run } from '../dev/cli.ts';

const folder = new URL('../dev/bench/', import.meta.url);
const PARTS = readdirSync(folder).filter((name) => name.endsWith('.ts')).map((name) => name.slice(0, -3)).sort();

async function main(): Promise<void> {
  const { part } = command('bench', 'Measures the client, the sandbox and the pre-flight check side by side, and prints ratios with their goals.')
    .option('--part <name>', `only this part: ${PARTS.join(', ')}`)
    .parse()
    .opts<{ part?: string }>();
  if (part !== undefined && !PARTS.includes(part)) throw new Error(`--part ${part}: no such part; the parts are ${PARTS.join(', ')}.`);
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  console.log(`npm run bench, ${new Date().toISOString()}: Node ${process.version}, ${cpu}, ${os.availableParallelism()} cores, ${os.platform()} ${os.release()}`);
  for (const name of PARTS) {
    if (part !== undefined && part !== name) continue;
    const module = (await import(pathToFileURL(new URL(`${name}.ts`, folder).pathname).href)) as { bench: () => Promise<void> };
    await module.bench();
  }
}

if (import.meta.main) await run(main);
