// The test suite in parts, one vitest project each; `npm test` is the part `unit`, and `npm run check`
// runs every part (dev/check.ts). A file's name says its part:
//   unit         tests/**/*.test.ts: the product in this process (servers on loopback, the CLI through
//                its entry function, the sandbox through Fastify), fast enough to run on every save;
//   integration  tests/**/*.integration.test.ts: processes of their own (the CLI, the sandbox, Prism,
//                tmux, Redis, whole tools on planted files, the workflows, the load run);
//   packages     tests/packages/: each package packed and installed from its tarball, on Node 22 and 24;
//   release      tests/release/: the packages published to a local registry and installed from it by
//                name, on Node 22 and 24, and the faults that rehearsal must catch;
//   generators   tests/client-generators/: the client generators against the bundle and the sandbox;
//   quickstart   tests/quickstart/: the README's commands in a fresh copy, as a user types them;
//   browser      tests/browser/: the rendered pages in Debian's Chromium.
import { globSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import LongestFirst from './tests/support/runner/sequencer.ts';
import SummaryReporter from './tests/support/runner/summary-reporter.ts';

// The packages import each other by name; in this repository a name resolves to the package's src/
// (the `shipping-api-source` condition of its exports, which .npmrc also gives every Node process
// that npm starts), so that the tests run the code as it is, not a build of it.
const SOURCE = ['shipping-api-source'];

const OWN_FOLDERS = [
  'tests/packages/**',
  'tests/release/**',
  'tests/client-generators/**',
  'tests/quickstart/**',
  'tests/browser/**',
];

// The parts with a toolchain of their own (toolchains/, out of the root install) install it first.
const TOOLCHAINS = ['tests/support/runner/toolchains.ts'];

// What `npm test -- --watch` reruns when a file of the contract is saved (its global setup remakes
// the bundle and the generated code first): the tests that read them.
const CONTRACT_INPUT = /[\\/](openapi[\\/].+|redocly\.yaml|\.spectral\.yaml)$/;
const CONTRACT_TESTS = globSync('tests/contract/*.test.ts').filter((file) => !file.endsWith('.integration.test.ts'));

const part = (name: string, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  extends: true,
  test: { name, ...test },
});

export default defineConfig({
  resolve: { conditions: SOURCE },
  // What the global setup writes is no reason to run the tests again: their sources are.
  server: { watch: { ignored: ['**/generated/**', '**/docs/*.html', '**/test-results/**'] } },
  ssr: { resolve: { conditions: SOURCE, externalConditions: SOURCE } },
  test: {
    testTimeout: 60_000,
    // Four files at once on two cores: most wait on timers, servers or processes as much as they
    // compute, and four overlap those waits.
    maxWorkers: 4,
    hookTimeout: 120_000,
    // A worker runs its files one after another in one process, with the modules they share loaded
    // once. No test relies on a fresh process; the one that needs one starts its own.
    isolate: false,
    sequence: { sequencer: LongestFirst },
    // The client's one deprecation warning for the partner_id body field is tested as an event
    // (tests/client/deprecation.integration.test.ts); its printed copy would only be noise in the output.
    execArgv: ['--disable-warning=SHIPPING_API_PARTNER_ID_BODY'],
    // A DeprecationWarning raised in a worker fails the test file it was raised in.
    setupFiles: ['tests/support/runner/no-deprecations.ts'],
    reporters: ['default', new SummaryReporter()],
    watchTriggerPatterns: [{ pattern: CONTRACT_INPUT, testsToRun: () => CONTRACT_TESTS }],
    projects: [
      part('unit', {
        include: ['tests/**/*.test.ts'],
        exclude: ['tests/**/*.integration.test.ts', ...OWN_FOLDERS, 'node_modules/**'],
        // Before any file reads generated/: remade in this process when the contract changed since.
        globalSetup: ['tests/support/runner/fresh-artifacts.ts'],
      }),
      part('integration', {
        include: ['tests/**/*.integration.test.ts'],
        exclude: OWN_FOLDERS,
        // One line when the Redis tests are skipped, a failure instead when .ci/run requires them; one
        // mock for the files that only send it requests, started when the first asks for it.
        globalSetup: [
          'tests/support/runner/fresh-artifacts.ts',
          ...TOOLCHAINS,
          'tests/support/runner/redis-setup.ts',
          'tests/support/runner/shared-mock.ts',
        ],
      }),
      part('packages', { include: ['tests/packages/**/*.test.ts'], globalSetup: TOOLCHAINS }),
      part('release', { include: ['tests/release/**/*.test.ts'], globalSetup: TOOLCHAINS }),
      part('generators', { include: ['tests/client-generators/**/*.test.ts'], globalSetup: TOOLCHAINS }),
      part('quickstart', { include: ['tests/quickstart/**/*.test.ts'] }),
      part('browser', {
        include: ['tests/browser/**/*.test.ts'],
        // A page waits on the sandbox and the docs server behind it, which the gate's other parts load:
        // an expectation is polled for up to 15 s, not the default 1 s (a test that says more keeps it).
        expect: { poll: { timeout: 15_000 } },
      }),
    ],
  },
});
