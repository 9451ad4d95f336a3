// `npm run dev`: serves what `npm start` serves (the reference and the guides, the mock, the sandbox)
// and follows the contract as it is edited. On each save (a burst of saves is one rebuild) it lints
// the contract and remakes, in this process, what the change touches (dev/serve/live/rebuild.ts); then the
// open pages reload themselves, the mock answers from the new bundle on the same port, and the
// sandbox checks bodies against the new validators. A save with an error keeps the last good build
// served and shows its findings in the terminal and over the open pages. The mock does not wait for
// the lint: it answers from a save's bundle as soon as it is made, and goes back to the last good
// one if the lint then refuses the save.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as packaged from 'shipping-api-v3-contract';
import type { SandboxContract } from 'shipping-api-v3-sandbox';
import { BUNDLE_JSON, BUNDLE_JSON_FILE, root } from '../paths.ts';
import type { RunningMock } from '../mock/mock.ts';
import { type Finding, formatFinding } from '../build/pipeline/findings.ts';
import { hashOf } from '../build/pipeline/inputs.ts';
import { warmSteps } from '../build/pipeline/fresh.ts';
import { readManifest } from '../build/pipeline/manifest.ts';
import type { StepName } from '../build/pipeline/steps.ts';
import { collectGarbage } from './live/collect.ts';
import { createRebuilder, type Rebuilt } from './live/rebuild.ts';
import { liveReload } from './live/reload.ts';
import { type Watcher, watchInputs } from './live/watch.ts';
import { type Options, startAll } from './start.ts';

/** The exit code of `npm run dev` when it cannot go on: a port in use, a watched folder gone. */
export const DEV_FAILURE = 2;

const errorsOf = (findings: Finding[]) => findings.filter((finding) => finding.severity === 'error');

/** The summary line of one rebuild: what changed, what each part took, and how many findings. */
export function summary(changed: string[], result: Rebuilt, ms: number): string {
  const what = changed.length === 0 ? 'start' : changed.length <= 3 ? changed.join(', ') : `${changed.length} files`;
  const parts = result.timings.map(([part, took]) => `${part} ${took} ms`).join(', ') || 'nothing to remake';
  const outcome = result.ok ? 'served' : 'kept the last good build';
  const count = `${result.findings.length} finding${result.findings.length === 1 ? '' : 's'}`;
  return `[dev] ${what}: ${parts}; ${count}; ${outcome} (${ms} ms)`;
}

export async function runDev(options: Options): Promise<void> {
  const live = liveReload({ build: String(Date.now()), findings: [] });
  let mock: RunningMock | undefined;
  let watcher: Watcher | undefined;
  let validators = hashOf(readFileSync(path.join(root, 'generated/validators/index.js')));
  /** What the sandbox checks bodies against: the contract package's until a save makes new validators. */
  let contract: SandboxContract = { validators: packaged, bundle: packaged.bundle() };
  let running: Promise<void> | undefined;
  let queued: string[] | undefined;
  /** The mock's move to this rebuild's bundle, settled with what takes it back. */
  let nextMock: Promise<() => void> | undefined;
  let bundleServed = hashOf(readFileSync(BUNDLE_JSON));
  let pagesWritten = false;
  /** Milliseconds from the bundle made to the mock answering from it, for the summary line. */
  let mockTook: number | undefined;

  /**
   * The mock answers from a new bundle as soon as its operations are read, in this process, while the
   * lint and the next steps run: most saves pass the lint, and those that do not take it back.
   */
  function made(step: StepName, outputs: Record<string, string>): void {
    const json = outputs[BUNDLE_JSON_FILE];
    if (step !== 'bundle' || json === undefined || !mock) return;
    const bundle = hashOf(json);
    if (bundle === bundleServed) return;
    const start = performance.now();
    const before = bundleServed;
    nextMock = mock
      .prepare(JSON.parse(json))
      .commit()
      .then((takeBack) => {
        mockTook = Math.round(performance.now() - start);
        bundleServed = bundle;
        return () => {
          takeBack();
          bundleServed = before;
        };
      });
    nextMock.catch(() => {});
  }

  /** The save was refused (or a tool failed): the mock answers again from the last good bundle. */
  async function takeBackMock(): Promise<void> {
    const moving = nextMock;
    nextMock = undefined;
    mockTook = undefined;
    const takeBack = await moving?.catch(() => undefined);
    takeBack?.();
  }

  /** Serves what a step made as soon as it is written: the pages, the sandbox. */
  async function served(step: StepName, outputs: Record<string, string>, written: string[]): Promise<void> {
    if (written.some((file) => file.startsWith('docs/'))) {
      pagesWritten = true;
      live.publish({ build: String(Date.now()), findings: [] });
    }
    const source = outputs['generated/validators/index.js'];
    if (step === 'code' && source !== undefined && hashOf(source) !== validators) {
      // The module imports nothing: it loads from its text. Only a changed one is loaded, once.
      const module = await import(`data:text/javascript;base64,${Buffer.from(source).toString('base64')}`);
      const bundle = JSON.parse(outputs[BUNDLE_JSON_FILE] ?? readFileSync(BUNDLE_JSON, 'utf8'));
      contract = { validators: module, bundle };
      validators = hashOf(source);
    }
  }

  const rebuild = createRebuilder({
    made,
    served,
    // Printed as soon as the lint has them, before the steps beside it have finished.
    linted: (findings) => {
      for (const finding of findings) console.log(formatFinding(finding));
    },
    failed: takeBackMock,
  });

  /** After a rebuild: the overlay shows its errors, or is cleared; the mock answers from the new operations. */
  async function apply(result: Rebuilt): Promise<void> {
    if (!result.ok) {
      live.publish({ build: live.state.build, findings: errorsOf(result.findings) });
      return;
    }
    if (!pagesWritten) live.publish({ build: live.state.build, findings: [] });
    watcher?.add(readManifest()?.reached ?? []);
    if (nextMock) {
      // A bundle the mock could not read is said once, like a tool's failure; the mock keeps the last good one.
      await nextMock;
      if (mockTook !== undefined) result.timings.push(['mock', mockTook]);
      nextMock = undefined;
    }
  }

  async function cycle(changed: string[]): Promise<void> {
    const start = performance.now();
    for (const plugin of changed.filter((file) => /^openapi\/plugins\/.*\.js$/.test(file)))
      console.log(`[dev] ${plugin} changed: Node loads a plugin once per process; restart npm run dev to use it.`);
    pagesWritten = false;
    mockTook = undefined;
    try {
      const result = await rebuild(changed);
      await apply(result);
      console.log(summary(changed, result, Math.round(performance.now() - start)));
      // Between two rebuilds, when nothing waits: the memory each leaves behind is returned.
      if (!queued) collectGarbage();
    } catch (error) {
      await takeBackMock();
      // A failure of a tool, not of the contract: said in one line; the last good build stays served.
      console.error(`[dev] ${changed.join(', ') || 'start'}: ${error instanceof Error ? error.message : error}`);
    }
  }

  /** Runs `job` as the one running now; the saves made meanwhile are one rebuild after it. */
  function run(job: () => Promise<void>): void {
    running = job().finally(() => {
      running = undefined;
      if (queued) {
        const next = queued;
        queued = undefined;
        schedule(next);
      }
    });
  }

  /** One rebuild at a time: saves during a rebuild make one more after it, with every file they touched. */
  function schedule(changed: string[]): void {
    if (running) {
      queued = [...new Set([...(queued ?? []), ...changed])];
      return;
    }
    run(() => cycle(changed));
  }

  /**
   * Once the servers are up, every step is made once in memory, writing nothing (warmSteps): the
   * first save is then answered as fast as the next, not after loading Redoc, openapi-typescript and
   * the rest. A tool that fails here fails the first save too, which says so.
   */
  async function warm(): Promise<void> {
    await warmSteps().catch(() => undefined);
    if (!queued) collectGarbage();
  }

  await startAll(options, {
    prepare: async (stop) => {
      // Watching before the first build: a save during it is one more rebuild after it.
      watcher = watchInputs({
        onChange: schedule,
        onGone: (folder) => {
          console.error(
            `The watched folder ${folder === '.' ? 'of the repository' : `${folder}/`} is gone: npm run dev stops.`,
          );
          void stop(DEV_FAILURE);
        },
      });
      watcher.add(readManifest()?.reached ?? []);
      schedule([]);
      await running;
    },
    docs: live.hooks,
    started: (started) => {
      mock = started;
      if (!running) run(warm);
    },
    failureCode: DEV_FAILURE,
    contract: () => contract,
  });
}
