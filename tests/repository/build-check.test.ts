// `npm run build:check` and `npm run generate:check` work from a folder whose path has a space, and
// build:check checks every file `npm run build` makes, naming each one that is stale.
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirForTests } from '../support/harness/temp.ts';
import { copyRepository } from '../../dev/tools.ts';

const parent = tempDirForTests('shipping repo-');
const copy = path.join(parent, 'a folder with spaces');
copyRepository(copy);

const run = (script: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, [path.join(copy, 'scripts', script), ...args], {
    cwd: copy,
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
};

describe('from a folder whose path has a space', () => {
  it('build:check passes on up-to-date files', () => {
    const result = run('build.ts', '--check');
    expect(result.output).toMatch(/^\d+ files made by `npm run build` match the contract\.\n$/);
    expect(result.status).toBe(0);
  });

  it('build:check fails on stale files, naming each, and generate:check fails too', () => {
    appendFileSync(path.join(copy, 'generated/schema.d.ts'), '\n// edited by hand\n');
    appendFileSync(path.join(copy, 'docs/index.html'), '\n<!-- edited by hand -->\n');
    const build = run('build.ts', '--check');
    expect(build.status).toBe(1);
    expect(build.output).toContain(
      'Stale: docs/index.html, generated/schema.d.ts differ from what `npm run build` makes.',
    );
    const generate = run('generate.ts', '--check');
    expect(generate.status).toBe(1);
    expect(generate.output).toContain('generated/schema.d.ts');
  });
});
