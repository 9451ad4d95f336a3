import { defineConfig } from 'vitest/config';
import SummaryReporter from './tests/support/summary-reporter.ts';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/browser/**', 'node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default', new SummaryReporter('unit')],
  },
});
