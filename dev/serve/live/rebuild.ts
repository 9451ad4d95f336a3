// One rebuild of `npm run dev` after a save. The lint (when a file it reads changed) runs in a thread
// of its own (lint-worker.ts) while the steps of the pipeline whose inputs' hashes changed run here;
// nothing is written until the lint has passed. A save with an error (a file that does not parse, a
// $ref to nowhere, a lint error) writes nothing: what was last made stays served.
import { setImmediate } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { ContractError, type Finding } from '../../build/pipeline/findings.ts';
import { MANIFEST, readManifest } from '../../build/pipeline/manifest.ts';
import { runManifestText, runSteps, writeFiles } from '../../build/pipeline/run.ts';
import { STEPS, type StepName } from '../../build/pipeline/steps.ts';

export interface Rebuilt {
  /** Whether the served files are this save's (false: its errors kept the last good ones). */
  ok: boolean;
  findings: Finding[];
  /** Milliseconds per part: the lint (beside the steps), then each step that ran. */
  timings: Array<[string, number]>;
  ran: StepName[];
}

export interface RebuildHooks {
  /** A step has made its files, before the lint has passed: to start early what the next steps need (the mock's operations). */
  made?: (step: StepName, outputs: Record<string, string>) => void;
  /** A step's files are written, the lint passed: to serve them at once, before the next step. */
  served?: (step: StepName, outputs: Record<string, string>, written: string[]) => Promise<void> | void;
  /** The save had errors: to drop what `made` started. */
  failed?: () => Promise<void> | void;
  /** The lint's findings, as soon as it has them (the steps may still be running). */
  linted?: (findings: Finding[]) => void;
}

/** Whether a changed file is read by the lint: the contract, or a linter's configuration and functions. */
export const lintReads = (file: string) =>
  file.startsWith('openapi/') || file === 'redocly.yaml' || file === '.spectral.yaml';

const errorsOf = (findings: Finding[]) => findings.filter((finding) => finding.severity === 'error');

class LintErrors extends Error {
  readonly findings: Finding[];
  constructor(findings: Finding[]) {
    super('the lint found errors');
    this.findings = findings;
  }
}

/** The lint thread: one lint at a time, answered by id. */
function lintThread() {
  let worker: Worker | undefined;
  let next = 0;
  return (): Promise<Finding[]> => {
    // A heap of its own, kept small: the linters' caches are collected, not kept growing.
    worker ??= new Worker(new URL('./lint-worker.ts', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    // The thread never keeps the process alive on its own.
    worker.unref();
    const id = ++next;
    const running = worker;
    return new Promise((resolve, reject) => {
      const answer = (message: { id: number; findings?: Finding[]; error?: string }) => {
        if (message.id !== id) return;
        running.off('message', answer);
        running.off('error', crash);
        if (message.error !== undefined) reject(new Error(message.error));
        else resolve(message.findings!);
      };
      const crash = (error: Error) => {
        worker = undefined;
        reject(error);
      };
      running.on('message', answer);
      running.once('error', crash);
      running.postMessage(id);
    });
  };
}

export function createRebuilder(hooks: RebuildHooks = {}) {
  let manifest = readManifest();
  let findings: Finding[] = [];
  const lint = lintThread();

  /** Rebuilds after `changed` (relative paths; empty on the first build, which lints too). */
  return async function rebuild(changed: string[]): Promise<Rebuilt> {
    const timings: Array<[string, number]> = [];
    const start = performance.now();
    const linted: Promise<Finding[]> =
      changed.length === 0 || changed.some(lintReads)
        ? lint().then((found) => {
            timings.unshift(['lint', Math.round(performance.now() - start)]);
            findings = found;
            hooks.linted?.(found);
            return found;
          })
        : Promise.resolve(findings);
    // A lint that fails to run rejects once; the steps wait for it only where they need it.
    linted.catch(() => {});
    const gate = async () => {
      const found = await linted;
      if (errorsOf(found).length > 0) throw new LintErrors(found);
    };
    const waiting: Array<[StepName, Record<string, string>]> = [];
    const flush = async () => {
      for (const [step, outputs] of waiting.splice(0))
        await hooks.served?.(step, outputs, writeFiles(Object.entries(outputs)));
    };
    const failed = async (found: Finding[]): Promise<Rebuilt> => {
      await hooks.failed?.();
      return { ok: false, findings: found, timings, ran: [] };
    };
    let run: Awaited<ReturnType<typeof runSteps>>;
    try {
      run = await runSteps({
        previous: manifest,
        made: async (step, outputs) => {
          hooks.made?.(step, outputs);
          waiting.push([step, outputs]);
          // The bundle waits for the step after it (the reference), which runs beside the lint.
          if (step === 'bundle') return;
          await gate();
          await flush();
          // The event loop turns before the next step: the open pages hear of the new build, and
          // their requests for it are answered, now rather than after every step has run.
          await setImmediate();
        },
      });
      await gate();
      await flush();
    } catch (error) {
      if (error instanceof LintErrors) return failed(error.findings);
      // A step that runs beside the lint (the reference, with the validators it bundles) may fail on
      // a contract the lint refuses: the lint says why, and more (each $ref to a file that does not parse).
      const found = await linted.catch(() => []);
      if (errorsOf(found).length > 0) {
        findings = found;
        return failed(findings);
      }
      if (!(error instanceof ContractError)) throw error;
      findings = error.findings;
      return failed(findings);
    }
    for (const name of run.ran) timings.push([STEPS.find((step) => step.name === name)!.title, run.timings[name]!]);
    // Every step's files are written as it was served: the manifest is what is left.
    writeFiles([[MANIFEST, runManifestText(run)]]);
    manifest = run.manifest;
    return { ok: true, findings, timings, ran: run.ran };
  };
}
