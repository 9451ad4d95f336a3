// Ends every test run with the plain line `N passed, N failed` (and the skipped count), and writes
// the counts of each part that ran (each vitest project: unit, integration, …) to
// test-results/<part>.json, so that `npm run check` can add up its parts.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node';

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export default class SummaryReporter implements Reporter {
  private projects: string[] = [];

  onInit(vitest: Vitest): void {
    this.projects = vitest.projects.map((project) => project.name);
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<unknown>,
    reason: TestRunEndReason,
  ): void {
    const parts = new Map<string, Counts>();
    // A run that failed before any file ran (a global setup that threw: a stale contract under
    // npm run check) fails each part it was to run, once.
    if (testModules.length === 0 && reason === 'failed')
      for (const name of this.projects) parts.set(name, { passed: 0, failed: 1, skipped: 0 });
    for (const module of testModules) {
      const counts = parts.get(module.project.name) ?? { passed: 0, failed: 0, skipped: 0 };
      parts.set(module.project.name, counts);
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') failedHere += 1;
        else counts.skipped += 1;
      }
      // A file that failed to load, or whose setup failed, counts as one failure of its own.
      if (module.state() === 'failed' && failedHere === 0) failedHere = 1;
      counts.failed += failedHere;
    }
    const total = { passed: 0, failed: unhandledErrors.length, skipped: 0 };
    const dir = path.resolve('test-results');
    mkdirSync(dir, { recursive: true });
    for (const [name, counts] of parts) {
      // An error outside every test (a global setup that threw) fails each part of the run.
      const failed = counts.failed + unhandledErrors.length;
      writeFileSync(path.join(dir, `${name || 'unit'}.json`), `${JSON.stringify({ ...counts, failed })}\n`);
      total.passed += counts.passed;
      total.failed += counts.failed;
      total.skipped += counts.skipped;
    }
    console.log(`\n${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  }
}
