import { defineConfig } from 'vitest/config';
import LongestFirst from './tests/support/runner/sequencer.ts';
import SummaryReporter from './tests/support/runner/summary-reporter.ts';

// The packages import each other by name; in this repository a name resolves to the package's src/
// (the `shipping-api-source` condition of its exports, which .npmrc also gives every Node process
// that npm starts), so that the tests run the code as it is, not a build of it.
const SOURCE = ['shipping-api-source'];

export default defineConfig({
  resolve: { conditions: SOURCE },
  ssr: { resolve: { conditions: SOURCE, externalConditions: SOURCE } },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/browser/**', 'node_modules/**'],
    testTimeout: 60_000,
    // Most files wait on servers and child processes, not on the CPU: four at once on a 2-core
    // machine take npm test from about 2 min 40 s to about 1 min 30 s.
    maxWorkers: 4,
    // A worker runs its files one after another in one process, with the modules they share loaded
    // once: about 20 CPU-seconds fewer than a fresh process per file. No test relies on a fresh
    // process; the one that needs one (a warning once per process) starts its own.
    isolate: false,
    sequence: { sequencer: LongestFirst },
    // The client's one deprecation warning for the partner_id body field is tested as an event
    // (tests/client/client.test.ts); its printed copy would only be noise in the output.
    execArgv: ['--disable-warning=SHIPPING_API_PARTNER_ID_BODY'],
    hookTimeout: 120_000,
    // One line when the Redis tests are skipped; a failure instead when .ci/run requires them. One
    // mock for the files that only send it requests, started when the first asks for it.
    globalSetup: ['tests/support/runner/redis-setup.ts', 'tests/support/runner/shared-mock.ts'],
    // A DeprecationWarning raised in a worker fails the test file it was raised in.
    setupFiles: ['tests/support/runner/no-deprecations.ts'],
    reporters: ['default', new SummaryReporter('unit')],
  },
});
