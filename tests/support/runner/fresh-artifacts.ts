// Global setup of the unit and integration parts: no test judges an old contract. Before the first
// file runs, and again before each rerun of `npm test -- --watch`, the files `npm run build` makes
// are compared with the contract by their inputs' content hashes (dev/build/pipeline/fresh.ts); what is
// stale is made again in this process. Under `npm run check` (SHIPPING_TEST_NO_REMAKE=1) nothing is
// remade: a stale file fails the run at once, naming `npm run build`, and build:check says which.
import type { TestProject } from 'vitest/node';
import { ensureFresh, warmSteps } from '../../../dev/build/pipeline/fresh.ts';
import type { StepName } from '../../../dev/build/pipeline/steps.ts';

/** What a rerun does not remake: the pages, which no test of a rerun reads (the next run remakes them). */
const NOT_ON_RERUN: StepName[] = ['reference', 'pages'];

/** Remakes what is stale; before a rerun, all but NOT_ON_RERUN. */
async function refresh(skip: StepName[] = []): Promise<void> {
  const remade = await ensureFresh({ remake: process.env.SHIPPING_TEST_NO_REMAKE !== '1', skip });
  if (remade.length > 0) process.stdout.write(`Remade from the contract before the tests: ${remade.join(', ')}\n`);
}

export default async function setup(project: TestProject): Promise<void> {
  await refresh();
  if (!project.vitest.config.watch) return;
  project.onTestsRerun(() => refresh(NOT_ON_RERUN));
  // The steps a rerun remakes, made once in memory while the first run goes on, not on the first
  // save (one that fails here fails again in that remake, which says so).
  warmSteps(NOT_ON_RERUN).catch(() => undefined);
}
