// One linter of `npm run dev` in a thread of its own (rebuild.ts starts one for Redocly and one for
// Spectral), so that both run beside each other and beside the bundle and the reference: each
// message asks for a lint of the contract as it is on disk, and is answered with the findings. The
// linter's configuration is read again only when its files change.
import { parentPort, workerData } from 'node:worker_threads';
import type { Ruleset } from '@stoplight/spectral-core';
import type { Finding } from '../../build/pipeline/findings.ts';
import { hashFile, lintFunctions } from '../../build/pipeline/inputs.ts';
import { loadSpectralRuleset, redoclyFindings, spectralFindings } from '../../build/pipeline/lint.ts';
import { type Config, loadRedoclyConfig } from '../../build/pipeline/redocly-config.ts';
import { collectGarbage } from './collect.ts';

/** Which linter this thread runs. */
export type Linter = 'redocly' | 'spectral';

const hashes = (files: string[]) => files.map(hashFile).join(' ');

let redocly: { key: string; config: Config } | undefined;
let spectral: { key: string; ruleset: Ruleset } | undefined;

async function lintRedocly(): Promise<Finding[]> {
  const key = hashes(['redocly.yaml']);
  if (redocly?.key !== key) redocly = { key, config: await loadRedoclyConfig() };
  return redoclyFindings(redocly.config);
}

async function lintSpectral(): Promise<Finding[]> {
  const key = hashes(['.spectral.yaml', ...lintFunctions()]);
  if (spectral?.key !== key) spectral = { key, ruleset: await loadSpectralRuleset() };
  return spectralFindings(spectral.ruleset);
}

const lint = (workerData as { linter: Linter }).linter === 'redocly' ? lintRedocly : lintSpectral;

parentPort!.on('message', async (id: number) => {
  try {
    parentPort!.postMessage({ id, findings: await lint() });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
  // The linter's documents of this save are garbage now: collected before the next save comes.
  collectGarbage();
});
