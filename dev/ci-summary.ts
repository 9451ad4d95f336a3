// Adds up the counts that each test run wrote to test-results/*.json and prints the closing line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './paths.ts';

/** Prints `N passed, N failed, N skipped` over every run in test-results/; returns the exit code. */
export function summarizeTestResults(): number {
  const dir = path.join(root, 'test-results');
  const totals = { passed: 0, failed: 0, skipped: 0 };
  const runs = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')) : [];
  for (const file of runs) {
    const counts = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as typeof totals;
    totals.passed += counts.passed;
    totals.failed += counts.failed;
    totals.skipped += counts.skipped;
  }
  if (runs.length === 0) totals.failed = 1; // No run reported: something broke before the tests.
  console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
  return totals.failed === 0 ? 0 : 1;
}
