// Part `packages` of `npm run bench`: what the packages cost a user before any request is sent.
// 1. The client installed alone from its tarball (with the contract it needs): packages and bytes on
//    disk, against the goal (CLIENT_FOOTPRINT) and beside every package installed together.
// 2. The start of the `shipping-api` command as installed (packages/cli/bin/shipping-api.js, the packages
//    resolved to their dist/ as in a user's project): `--version` and `--help` against `node -e 0`,
//    run in turn, ROUNDS times each, medians compared; beside them, a module that imports the CLI's
//    commander and nothing else (with the compile cache, as the CLI has it): what any command line on
//    commander pays before its first command.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PACKAGES, packageDir } from '../packaging/build-packages.ts';
import { median } from '../bench.ts';
import {
  CLIENT_FOOTPRINT,
  diskBytes,
  installedPackages,
  installFromTarballs,
  packPackages,
  userEnv,
} from '../packaging/footprint.ts';
import { root } from '../paths.ts';
import { withTempDir } from '../tools.ts';

const ROUNDS = 21;
/** `shipping-api --version` and `--help` within this many times the start of `node -e 0`. */
const GOAL_STARTUP = 1.5;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

function footprint(): void {
  withTempDir('shipping-bench-packages-', (work) => {
    const tarballs = Object.fromEntries(
      Object.entries(packPackages(work)).map(([name, { tarball }]) => [name, tarball]),
    );
    for (const [name, packages] of [
      ['the client alone', ['contract', 'client']],
      ['every package', [...PACKAGES]],
    ] as const) {
      const modules = path.join(
        installFromTarballs(work, name.replaceAll(' ', '-'), [...packages], tarballs),
        'node_modules',
      );
      const installed = installedPackages(modules);
      const bytes = diskBytes(modules);
      const goal =
        name === 'the client alone'
          ? `  goal: at most ${CLIENT_FOOTPRINT.packages} packages and ${mb(CLIENT_FOOTPRINT.bytes)}: ${
              installed.length <= CLIENT_FOOTPRINT.packages && bytes <= CLIENT_FOOTPRINT.bytes ? 'met' : 'NOT MET'
            }`
          : '';
      console.log(`  installing ${name}: ${installed.length} packages, ${mb(bytes)} on disk${goal}`);
      if (name === 'the client alone') console.log(`    ${installed.sort().join(', ')}`);
    }
  });
}

/** Milliseconds of wall time for one run of node with `args`, as a user's shell starts it. */
function startTime(args: string[]): number {
  const start = performance.now();
  const result = spawnSync(path.join(root, 'node_modules/.bin/node'), args, { env: userEnv(), encoding: 'utf8' });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`node ${args.join(' ')} failed:\n${result.stderr}`);
  return ms;
}

function startup(): void {
  const main = path.join(packageDir('cli'), 'bin/shipping-api.js');
  const commander = pathToFileURL(createRequire(main).resolve('commander')).href;
  const runs = {
    'node -e 0': ['-e', '0'],
    'shipping-api --version': [main, '--version'],
    'shipping-api --help': [main, '--help'],
    // With the compile cache, as bin/shipping-api.js has it.
    'commander alone': [
      '--input-type=module',
      '-e',
      `(await import('node:module')).enableCompileCache(); await import(${JSON.stringify(commander)});`,
    ],
  };
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(runs).map((name) => [name, []]));
  for (const args of Object.values(runs)) startTime(args); // warm the file cache and the compile cache
  for (let round = 0; round < ROUNDS; round++)
    for (const [name, args] of Object.entries(runs)) times[name]!.push(startTime(args));
  const base = median(times['node -e 0']!);
  console.log(`  start, median of ${ROUNDS} runs in turn: node -e 0 ${base.toFixed(1)} ms`);
  for (const name of ['shipping-api --version', 'shipping-api --help']) {
    const ratio = median(times[name]!) / base;
    console.log(
      `  ${name}: ${median(times[name]!).toFixed(1)} ms, ${ratio.toFixed(2)}x node -e 0  goal: at most ${GOAL_STARTUP}x: ${
        ratio <= GOAL_STARTUP ? 'met' : 'NOT MET'
      }`,
    );
  }
  const floor = median(times['commander alone']!);
  console.log(
    `  commander alone (import, no command): ${floor.toFixed(1)} ms, ${(floor / base).toFixed(2)}x node -e 0`,
  );
}

export async function bench(): Promise<void> {
  console.log('\npackages: what installing and starting them costs');
  footprint();
  startup();
}
