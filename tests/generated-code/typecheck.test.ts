// Everything TypeScript in the repository type-checks under the strict tsconfig.json.
import { expect, it } from 'vitest';
import { runBin } from '../../dev/tools.ts';

it('tsc -p tsconfig.json --noEmit reports no error', () => {
  const result = runBin('typescript', 'tsc', ['-p', 'tsconfig.json', '--noEmit']);
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
});
