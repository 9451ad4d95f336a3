// Biome keeps the style and the boundaries of the layout (biome.jsonc, CONTRIBUTING.md): each rule is
// shown to catch a file planted in a small copy of the layout (that the repository itself passes is
// `npm run lint`, a part of `npm run check`).
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { biomeProblems } from '../../dev/lint/lint.ts';
import { root } from '../../dev/paths.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const FORMATTED = "export const ok = 'ok';\n";

/** The findings of `biome ci` for a copy of the configuration with one planted file. */
function plant(file: string, text: string): string[] {
  const dir = tempDirForTests('biome-plant-');
  copyFileSync(path.join(root, 'biome.jsonc'), path.join(dir, 'biome.jsonc'));
  spawnSync('git', ['init', '-q'], { cwd: dir });
  mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  writeFileSync(path.join(dir, file), text);
  return biomeProblems(dir);
}

describe('npm run lint (biome ci)', () => {
  it.each([
    [
      'a file of a package importing its own folders and other packages by name',
      'packages/client/src/preflight/planted.ts',
      "import { bundle } from 'shipping-api-v3-contract';\nimport { fine } from '../urls.ts';\n\nexport const ok = [bundle, fine];\n",
    ],
    [
      'packages/contract/src/artifacts.ts reading generated/',
      'packages/contract/src/artifacts.ts',
      "import { ShipmentCreate } from '../generated/validators/index.js';\n\nexport const ok = ShipmentCreate;\n",
    ],
  ])('passes on %s', (_what, file, text) => {
    expect(plant(file, text)).toEqual([]);
  });

  it.each([
    ['a package importing dev/', 'packages/client/src/planted.ts', "import { root } from '../../../dev/paths.ts';\n"],
    [
      'a package importing tests/',
      'packages/sandbox/src/routes/planted.ts',
      "import { basic } from '../../../../tests/support/fixtures/basic.ts';\n",
    ],
    ['a package importing scripts/', 'packages/cli/src/planted.ts', "import '../../../scripts/build.ts';\n"],
    [
      "generated/ read outside packages/contract/src/artifacts.ts (the contract's copy)",
      'packages/client/src/preflight/planted.ts',
      "import { ShipmentCreate } from '../../../contract/generated/validators/index.js';\n",
    ],
    [
      "generated/ read outside packages/contract/src/artifacts.ts (the repository's)",
      'packages/contract/src/planted.ts',
      "import { ShipmentCreate } from '../../../generated/validators/index.js';\n",
    ],
    [
      "the client reaching the sandbox's src/ by a relative path",
      'packages/client/src/planted.ts',
      "import { createSandbox } from '../../sandbox/src/index.ts';\n",
    ],
    [
      "the contract reaching the client's dist/ by a relative path",
      'packages/contract/src/planted.ts',
      "import { ShippingApiError } from '../../client/dist/errors.js';\n",
    ],
    [
      'the command line reaching a package through packages/',
      'packages/cli/src/commands/planted.ts',
      "import { createSandbox } from '../../../../packages/sandbox/src/index.ts';\n",
    ],
    [
      "dev/ reaching the sandbox's src/ by a relative path",
      'dev/planted.ts',
      "import { sendProblem } from '../packages/sandbox/src/problems.ts';\n",
    ],
    [
      "dev/ reaching the client's src/ by a relative path, from a subfolder",
      'dev/bench/planted.ts',
      "import { isLoopback } from '../../packages/client/src/loopback.ts';\n",
    ],
    [
      "dev/ reaching the client's src/ by a relative path, from a subfolder's subfolder",
      'dev/build/pipeline/planted.ts',
      "import { isLoopback } from '../../../packages/client/src/loopback.ts';\n",
    ],
    ['dev/ importing tests/', 'dev/planted.ts', "import { basic } from '../tests/support/fixtures/basic.ts';\n"],
    [
      'scripts/ importing tests/',
      'scripts/planted.ts',
      "import { basic } from '../tests/support/fixtures/basic.ts';\n",
    ],
    ['a temporary folder made outside dev/tools.ts', 'dev/planted.ts', "import { mkdtempSync } from 'node:fs';\n"],
    [
      'a temporary folder made in a package',
      'packages/cli/src/planted.ts',
      "import { mkdtemp } from 'node:fs/promises';\n",
    ],
  ])('fails on %s', (_what, file, importLine) => {
    expect(plant(file, `${importLine}${FORMATTED}`).map((p) => p.split(':')[0])).toContain(
      'lint/style/noRestrictedImports',
    );
  });

  it('fails on a function in a package over 60 lines', () => {
    const body = Array.from({ length: 61 }, (_, i) => `  total += ${i};`).join('\n');
    const problems = plant(
      'packages/sandbox/src/planted.ts',
      `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`,
    );
    expect(problems.map((p) => p.split(':')[0])).toContain('lint/complexity/noExcessiveLinesPerFunction');
  });

  it('fails on unformatted code', () => {
    expect(plant('dev/planted.ts', 'export const  ok = "ok"\n').map((p) => p.split(':')[0])).toContain('format');
  });
});
