// Temporary folders for tests, made by the one helper of dev/tools.ts.
import { afterAll } from 'vitest';
import { makeTempDir } from '../../../dev/tools.ts';

export { withTempDir } from '../../../dev/tools.ts';

/**
 * A temporary folder for the tests of one file or describe block, removed after the last of them;
 * made in the system's temporary folder unless `parent` names another.
 */
export function tempDirForTests(prefix: string, options: { parent?: string } = {}): string {
  const { dir, remove } = makeTempDir(prefix, options);
  afterAll(remove);
  return dir;
}
