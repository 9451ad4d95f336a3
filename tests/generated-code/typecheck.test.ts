// Everything TypeScript in the repository type-checks under the strict tsconfig.json, among it
// tests/client/types.test-d.ts: the types a user of the client touches match the contract's
// generated types.
import { expect, it } from 'vitest';
import { runBin } from '../../dev/tools.ts';

it('tsc -p tsconfig.json --noEmit reports no error', () => {
  const result = runBin('typescript', 'tsc', ['-p', 'tsconfig.json', '--noEmit']);
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
});

it('checks the types of the client against the contract (tests/client/types.test-d.ts)', () => {
  const config = runBin('typescript', 'tsc', ['-p', 'tsconfig.json', '--showConfig']);
  expect(config.status, config.stderr).toBe(0);
  expect((JSON.parse(config.stdout) as { files: string[] }).files).toContain('./tests/client/types.test-d.ts');
});
