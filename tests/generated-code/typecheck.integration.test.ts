// `npm run typecheck` (a part of `npm run check`) type-checks everything TypeScript in the repository
// under the strict tsconfig.json; among it must be tests/client/types.test-d.ts: the types a user of
// the client touches match the contract's generated types.
import { expect, it } from 'vitest';
import { runBin } from '../../dev/tools.ts';

it('checks the types of the client against the contract (tests/client/types.test-d.ts)', () => {
  const config = runBin('typescript', 'tsc', ['-p', 'tsconfig.json', '--showConfig']);
  expect(config.status, config.stderr).toBe(0);
  expect((JSON.parse(config.stdout) as { files: string[] }).files).toContain('./tests/client/types.test-d.ts');
});
