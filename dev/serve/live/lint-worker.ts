// The lint of `npm run dev` in a thread of its own, so that it runs beside the bundle and the
// reference on the other core: each message asks for a lint of the contract as it is on disk, and
// is answered with the findings. The configurations are read again only when their files change.
import { parentPort } from 'node:worker_threads';
import type { Ruleset } from '@stoplight/spectral-core';
import { hashFile, lintFunctions } from '../../build/pipeline/inputs.ts';
import { lintContract, loadSpectralRuleset } from '../../build/pipeline/lint.ts';
import { type Config, loadRedoclyConfig } from '../../build/pipeline/redocly-config.ts';
import { collectGarbage } from './collect.ts';

const hashes = (files: string[]) => files.map(hashFile).join(' ');

let redocly: { key: string; config: Config } | undefined;
let spectral: { key: string; ruleset: Ruleset } | undefined;

async function lint() {
  const redoclyKey = hashes(['redocly.yaml']);
  if (redocly?.key !== redoclyKey) redocly = { key: redoclyKey, config: await loadRedoclyConfig() };
  const spectralKey = hashes(['.spectral.yaml', ...lintFunctions()]);
  if (spectral?.key !== spectralKey) spectral = { key: spectralKey, ruleset: await loadSpectralRuleset() };
  return lintContract(redocly.config, spectral.ruleset);
}

parentPort!.on('message', async (id: number) => {
  try {
    parentPort!.postMessage({ id, findings: await lint() });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
  // The linters' documents of this save are garbage now: collected before the next save comes.
  collectGarbage();
});
