// The order of the test files: the longest first, so that four at once finish together on a fresh
// clone too, where vitest has no durations of an earlier run to sort by. After them, vitest's own order.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The files that take longest, longest first (npm test's per-file durations). */
const LONGEST = [
  'tests/generated-code/typecheck.test.ts',
  'tests/workflows/workflows.test.ts',
  'tests/contract/lint.test.ts',
  'tests/sandbox/load.test.ts',
  'tests/repository/build-check.test.ts',
  'tests/packages/install.test.ts',
  'tests/sandbox/stopping.test.ts',
  'tests/docs/releases.test.ts',
  'tests/recordings/recordings.test.ts',
  'tests/sandbox/accounts-cli.test.ts',
  'tests/recordings/contract-check.test.ts',
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
