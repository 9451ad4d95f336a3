// The browser tests (npm run test:browser): Chromium against the built docs, apart from `npm test`
// because they need Debian's chromium package.
import { defineConfig } from 'vitest/config';
import SummaryReporter from './tests/support/runner/summary-reporter.ts';

export default defineConfig({
  test: {
    include: ['tests/browser/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    reporters: ['default', new SummaryReporter('browser')],
  },
});
