// The order of the test files: the longest first, so that the workers finish together on a fresh
// clone too, where vitest has no durations of an earlier run to sort by. After them, vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that take longest, longest first (npm test's per-file durations). */
const LONGEST = [
  // integration
  'tests/workflows/workflows.integration.test.ts',
  'tests/sandbox/stopping.integration.test.ts',
  'tests/sandbox/load.integration.test.ts',
  'tests/repository/biome.integration.test.ts',
  'tests/cli/terminal.integration.test.ts',
  'tests/recordings/contract-check.integration.test.ts',
  'tests/repository/build-check.integration.test.ts',
  'tests/sandbox/accounts-cli.integration.test.ts',
  'tests/cli/sandbox-accounts.integration.test.ts',
  'tests/mock/cli.integration.test.ts',
  // unit
  'tests/cli/tools.test.ts',
  'tests/cli/pull.test.ts',
  'tests/sandbox/accounts.test.ts',
  'tests/contract/bundle.test.ts',
  // generators
  'tests/client-generators/openapi-zod-client.test.ts',
];

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONGEST.findIndex((name) => file.moduleId.replaceAll('\\', '/').endsWith(name));
      return index === -1 ? LONGEST.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}
