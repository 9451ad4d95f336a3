// `npm run build:client`, which npm install runs as prepare: src/ compiled into dist/ by tsc,
// incrementally (dist/.tsbuildinfo), then each executable that package.json's bin names made
// executable, as npm makes it in an installed package, so that `npx shipping-api` in a clone runs
// it even where npx links it from a cache of an earlier clone at the same path.
import { chmodSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { root } from './paths.ts';
import { runBin } from './tools.ts';

/** Builds dist/; returns the exit code, tsc's when it fails. */
export function buildClient(): number {
  const built = runBin('typescript', 'tsc', ['-p', 'tsconfig.build.json'], { inherit: true });
  if (built.status !== 0) return built.status ?? 1;
  const { bin } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  for (const file of Object.values(bin)) {
    const executable = path.join(root, file);
    chmodSync(executable, statSync(executable).mode | 0o111);
  }
  return 0;
}
