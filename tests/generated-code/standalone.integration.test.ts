// The generator reads none of what it generates: run as a process of its own over a copy of the
// repository whose validators are broken, it makes them again (the rest in this process:
// standalone.test.ts).
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';
import { copyRepository } from '../../dev/tools.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const dir = tempDirForTests('shipping-standalone-test-');

describe('the generator reads none of what it generates', () => {
  it('regenerates the validators over a broken copy of them', () => {
    const copy = path.join(dir, 'repository');
    copyRepository(copy);
    const validators = path.join(copy, 'generated/validators/index.js');
    writeFileSync(validators, 'export const CarrierSetupFile = (;\n');
    const result = spawnSync(process.execPath, ['scripts/build.ts'], { cwd: copy, encoding: 'utf8' });
    expect(result.status, result.stderr).toBe(0);
    expect(readFileSync(validators, 'utf8')).toBe(
      readFileSync(path.join(root, 'generated/validators/index.js'), 'utf8'),
    );
  });
});
