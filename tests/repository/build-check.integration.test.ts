// `npm run build:check` works from a folder whose path has a space, and checks every file `npm run build` makes, naming each one that is stale: the committed
// files are fresh but for the two the test edits.
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDirForTests } from '../support/harness/temp.ts';
import { copyRepository } from '../../dev/tools.ts';
import { runScript } from '../support/harness/scripts.ts';

const parent = tempDirForTests('shipping repo-');
const copy = path.join(parent, 'a folder with spaces');
copyRepository(copy);

const run = (script: string, ...args: string[]) => runScript(script, args, { root: copy });

// One run of build:check, not one on fresh files and another on stale ones: each run is a whole build
// (the bundle, the generated code, the rendered pages) in a copy of the copy. The exact list of stale
// files says both things: the two edited files are named, and every other file that `npm run build`
// makes matches the contract.
describe('from a folder whose path has a space', () => {
  it('build:check names exactly the stale files (every other one matches)', () => {
    appendFileSync(path.join(copy, 'generated/schema.d.ts'), '\n// edited by hand\n');
    appendFileSync(path.join(copy, 'docs/index.html'), '\n<!-- edited by hand -->\n');
    const build = run('build.ts', '--check');
    expect(build.output).toBe(
      'Stale: docs/index.html, generated/schema.d.ts differ from what `npm run build` makes. Run it and commit the result.\n',
    );
    expect(build.status).toBe(1);
  });
});
