// Runs the steps of the pipeline (steps.ts) whose inputs' hashes differ from those recorded, each
// on what the ones before it made, in memory; writes what they made, file by file where it changed,
// and the manifest. `npm run build`, its check, the test suite's freshness check and `npm run dev`
// all run it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root } from '../../paths.ts';
import { hashFile, hashOf, toolKey, toolVersion } from './inputs.ts';
import { type Manifest, MANIFEST, manifestText, sameInputs, type StepRecord } from './manifest.ts';
import { STEPS, type StepContext, type StepName } from './steps.ts';

export interface Run {
  /** What the steps that ran made: relative path → content. */
  made: Map<string, string>;
  /** The steps that ran, in order. */
  ran: StepName[];
  /** Milliseconds each step that ran took. */
  timings: Partial<Record<StepName, number>>;
  manifest: Manifest;
  context: StepContext;
}

/**
 * The inputs of a step as they are now, and the tools' versions. A file an earlier step makes counts
 * as what that step made (in this run, or as recorded), not as it is on disk: a made file edited by
 * hand is stale itself, and does not make what is made from it stale.
 */
export function inputsOf(step: (typeof STEPS)[number], context: StepContext): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const file of step.files(context)) inputs[file] = context.outputs.get(file) ?? hashFile(file);
  for (const tool of step.tools) inputs[toolKey(tool)] = toolVersion(tool);
  return inputs;
}

export interface RunOptions {
  /** What was recorded when the files were last made; none means every step runs. */
  previous?: Manifest;
  /** Steps to run even when their inputs are unchanged. */
  force?: StepName[];
  /** Steps left as recorded, stale or not, for a run that needs only the others (a test rerun: not the pages). */
  skip?: StepName[];
  /** Called as soon as a step has made its files (`npm run dev` serves them before the next step). */
  made?: (step: StepName, outputs: Record<string, string>) => Promise<void> | void;
}

/** Runs every step whose inputs changed (and those forced), in memory; writes nothing. */
export async function runSteps({ previous, force = [], skip = [], made }: RunOptions = {}): Promise<Run> {
  const context: StepContext = { made: new Map(), outputs: new Map(), reached: previous?.reached ?? [] };
  const manifest: Manifest = { reached: context.reached, steps: {} };
  const ran: StepName[] = [];
  const timings: Partial<Record<StepName, number>> = {};
  for (const step of STEPS) {
    const recorded = previous?.steps[step.name];
    const before = inputsOf(step, context);
    const unchanged = recorded && !force.includes(step.name) && sameInputs(recorded.inputs, before);
    if (recorded && (unchanged || skip.includes(step.name))) {
      manifest.steps[step.name] = recorded;
      for (const [file, hash] of Object.entries(recorded.outputs)) context.outputs.set(file, hash);
      continue;
    }
    const start = performance.now();
    const outputs = await step.make(context);
    timings[step.name] = Math.round(performance.now() - start);
    const hashes: Record<string, string> = {};
    for (const [file, content] of Object.entries(outputs)) {
      hashes[file] = hashOf(content);
      context.made.set(file, content);
      context.outputs.set(file, hashes[file]);
    }
    ran.push(step.name);
    const record: StepRecord = {
      // After the bundle, its inputs are the files the root reaches now.
      inputs: inputsOf(step, context),
      outputs: hashes,
    };
    manifest.steps[step.name] = record;
    await made?.(step.name, outputs);
  }
  manifest.reached = context.reached;
  return { made: context.made, ran, timings, manifest, context };
}

/** The manifest of a run, as written. */
export const runManifestText = (run: Run) =>
  manifestText(
    run.manifest,
    STEPS.map((step) => step.name),
  );

const readOrUndefined = (file: string) => {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    return undefined;
  }
};

/** Writes files of the repository (relative path → content), each only where its content changed; returns those written. */
export function writeFiles(files: Iterable<readonly [string, string]>): string[] {
  const written: string[] = [];
  for (const [file, content] of files) {
    if (readOrUndefined(file) === content) continue;
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
    written.push(file);
  }
  return written;
}

/** Writes what a run made, each file only where its content changed, and the manifest; returns the files written. */
export const writeRun = (run: Run): string[] => writeFiles([...run.made, [MANIFEST, runManifestText(run)] as const]);
