// Type-checks tests/client/types.test-d.ts on its own with tsc: the types a user touches match the
// contract's generated types.
import { expect, it } from 'vitest';
import { runBin } from '../../dev/tools.ts';

it('the request and response types of the client match the contract', () => {
  const checked = runBin('typescript', 'tsc', ['-p', 'tests/client/tsconfig.types.json']);
  expect(checked.stdout + checked.stderr).toBe('');
  expect(checked.status).toBe(0);
});
