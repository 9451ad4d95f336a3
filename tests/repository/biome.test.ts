// Biome keeps the style and the boundaries of the layout (biome.jsonc, CONTRIBUTING.md): each rule is
// shown to catch a file planted in a small copy of the layout, and the repository itself passes.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { biomeProblems } from '../../dev/lint.ts';
import { root } from '../../dev/paths.ts';
import { tempDirForTests } from '../support/temp.ts';

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
  it('passes on the repository', () => {
    expect(biomeProblems()).toEqual([]);
  });

  it('passes on a planted file that keeps every rule', () => {
    expect(
      plant('src/client/planted.ts', "import { fine } from '../contract/planted.ts';\n\nexport const ok = fine;\n"),
    ).toEqual([]);
  });

  it.each([
    ['src/ importing dev/', 'src/client/planted.ts', "import { root } from '../../dev/paths.ts';\n"],
    ['src/ importing tests/', 'src/sandbox/planted.ts', "import { basic } from '../../tests/support/basic.ts';\n"],
    ['src/ importing scripts/', 'src/cli/planted.ts', "import '../../scripts/build.ts';\n"],
    [
      'generated/ read outside src/contract/artifacts.ts',
      'src/preflight/planted.ts',
      "import { ShipmentCreate } from '../../generated/validators/index.js';\n",
    ],
    [
      'src/contract/ importing src/client/',
      'src/contract/planted.ts',
      "import { ShippingApiError } from '../client/errors.ts';\n",
    ],
    [
      'src/client/ importing src/sandbox/',
      'src/client/planted.ts',
      "import { createSandbox } from '../sandbox/index.ts';\n",
    ],
    ['src/preflight/ importing src/cli/', 'src/preflight/planted.ts', "import { runCli } from '../cli/program.ts';\n"],
    ['dev/ importing tests/', 'dev/planted.ts', "import { basic } from '../tests/support/basic.ts';\n"],
    ['a temporary folder made outside dev/tools.ts', 'dev/planted.ts', "import { mkdtempSync } from 'node:fs';\n"],
  ])('fails on %s', (_what, file, importLine) => {
    expect(plant(file, `${importLine}${FORMATTED}`).map((p) => p.split(':')[0])).toContain(
      'lint/style/noRestrictedImports',
    );
  });

  it('fails on a function in src/ over 60 lines', () => {
    const body = Array.from({ length: 61 }, (_, i) => `  total += ${i};`).join('\n');
    const problems = plant(
      'src/client/planted.ts',
      `export function long(): number {\n  let total = 0;\n${body}\n  return total;\n}\n`,
    );
    expect(problems.map((p) => p.split(':')[0])).toContain('lint/complexity/noExcessiveLinesPerFunction');
  });

  it('fails on unformatted code', () => {
    expect(plant('dev/planted.ts', 'export const  ok = "ok"\n').map((p) => p.split(':')[0])).toContain('format');
  });
});
