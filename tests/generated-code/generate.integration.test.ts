// The committed generated code matches the contract, and the check that says so catches a stale file.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { GENERATED, generate, staleFiles } from '../../dev/build/generate.ts';
import { root } from '../../dev/paths.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const node = process.execPath;
const dir = tempDirForTests('shipping-generate-test-');
let fresh: string;

beforeAll(() => {
  fresh = path.join(dir, 'fresh');
  generate(fresh);
});

describe('npm run generate', () => {
  it('the committed generated files are up to date (run `npm run generate` if not)', () => {
    expect(staleFiles(fresh, path.join(root, 'generated'))).toEqual([]);
  });

  it.each(GENERATED)('the check catches a stale %s', (file) => {
    const copy = path.join(dir, `stale-${file.replaceAll('/', '-')}`);
    cpSync(path.join(root, 'generated'), copy, { recursive: true });
    writeFileSync(path.join(copy, file), '// edited by hand\n', { flag: 'a' });
    expect(staleFiles(fresh, copy)).toEqual([file]);
  });

  it('`generate --check` exits 1 and names the stale file', async () => {
    const { spawnSync } = await import('node:child_process');
    const copy = path.join(dir, 'stale-cli');
    cpSync(path.join(root, 'generated'), copy, { recursive: true });
    rmSync(path.join(copy, 'validators/index.d.ts'));
    const result = spawnSync(node, ['scripts/generate.ts', '--check', '--generated', copy], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('validators/index.d.ts');
  });
});
