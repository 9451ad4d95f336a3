// Ends every test run with the plain line `N passed, N failed` (and the skipped count), and writes
// the same counts to test-results/<name>.json so that .ci/run can add up several runs.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  private readonly name: string;

  constructor(name = 'unit') {
    this.name = name;
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedHere += 1;
        else skipped += 1;
      }
      // A file that failed to load, or whose setup failed, counts as one failure of its own.
      if (module.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    failed += unhandledErrors.length;
    const dir = path.resolve('test-results');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, `${this.name}.json`), `${JSON.stringify({ passed, failed, skipped })}\n`);
    console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
  }
}
