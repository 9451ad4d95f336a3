// One rebuild of `npm run dev` after a save: lint the contract (when a file it reads changed), then
// run the steps of the pipeline whose inputs' hashes changed, and write what they made. A save with
// an error (a file that does not parse, a $ref to nowhere, a lint error) writes nothing: what was
// last made stays served.
import type { Ruleset } from '@stoplight/spectral-core';
import { hashFile, lintFunctions } from '../pipeline/inputs.ts';
import { ContractError, type Finding } from '../pipeline/findings.ts';
import { readManifest } from '../pipeline/manifest.ts';
import { runSteps, writeFiles, writeRun } from '../pipeline/run.ts';
import { STEPS, type StepName } from '../pipeline/steps.ts';
import type { Config } from '../pipeline/redocly-config.ts';

export interface Rebuilt {
  /** Whether the served files are this save's (false: its errors kept the last good ones). */
  ok: boolean;
  findings: Finding[];
  /** Milliseconds per part: lint, then each step that ran (with the writing of its files). */
  timings: Array<[string, number]>;
  ran: StepName[];
  /** What the bundle made, for the mock and the sandbox: the JSON bundle and the validators' module. */
  made: Map<string, string>;
}

const hashes = (files: string[]) => files.map(hashFile).join(' ');
const REDOCLY_INPUTS = () => ['redocly.yaml'];
const SPECTRAL_INPUTS = () => ['.spectral.yaml', ...lintFunctions()];

/** Whether a changed file is read by the lint: the contract, or a linter's configuration and functions. */
export const lintReads = (file: string) =>
  file.startsWith('openapi/') || file === 'redocly.yaml' || file === '.spectral.yaml';

/** Called as soon as a step's files are written, before the next step runs: to serve them at once. */
export type Served = (step: StepName, outputs: Record<string, string>, written: string[]) => Promise<void> | void;

export function createRebuilder(served: Served = () => {}) {
  let manifest = readManifest();
  let redocly: { key: string; config: Config } | undefined;
  let spectral: { key: string; ruleset: Ruleset } | undefined;
  let findings: Finding[] = [];

  async function lint(): Promise<Finding[]> {
    const { loadRedoclyConfig } = await import('../pipeline/redocly-config.ts');
    const { lintContract, loadSpectralRuleset } = await import('../pipeline/lint.ts');
    const redoclyKey = hashes(REDOCLY_INPUTS());
    if (redocly?.key !== redoclyKey) redocly = { key: redoclyKey, config: await loadRedoclyConfig() };
    const spectralKey = hashes(SPECTRAL_INPUTS());
    if (spectral?.key !== spectralKey) spectral = { key: spectralKey, ruleset: await loadSpectralRuleset() };
    return lintContract(redocly.config, spectral.ruleset);
  }

  /** Rebuilds after `changed` (relative paths; empty on the first build, which lints too). */
  return async function rebuild(changed: string[]): Promise<Rebuilt> {
    const timings: Array<[string, number]> = [];
    const failed = (found: Finding[]): Rebuilt => ({
      ok: false,
      findings: found,
      timings,
      ran: [],
      made: new Map(),
    });
    if (changed.length === 0 || changed.some(lintReads)) {
      const start = performance.now();
      try {
        findings = await lint();
      } catch (error) {
        if (!(error instanceof ContractError)) throw error;
        findings = error.findings;
      }
      timings.push(['lint', Math.round(performance.now() - start)]);
    }
    if (findings.some((finding) => finding.severity === 'error')) return failed(findings);
    let run: Awaited<ReturnType<typeof runSteps>>;
    try {
      // Each step's files are written and served as soon as it has made them; the manifest last.
      run = await runSteps({
        previous: manifest,
        made: (step, outputs) => served(step, outputs, writeFiles(Object.entries(outputs))),
      });
    } catch (error) {
      if (!(error instanceof ContractError)) throw error;
      findings = error.findings;
      return failed(findings);
    }
    for (const name of run.ran) timings.push([STEPS.find((step) => step.name === name)!.title, run.timings[name]!]);
    writeRun(run);
    manifest = run.manifest;
    return { ok: true, findings, timings, ran: run.ran, made: run.made };
  };
}
