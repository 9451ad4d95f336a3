// Knip keeps the dependencies between the packages (knip.jsonc, npm run lint): each fault is planted
// in one copy of the repository, Knip runs once in each of its two modes, and every fault is named
// with its package and file. The repository itself passes (npm run lint).
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { knipProblems } from '../../dev/lint/lint.ts';
import { copyRepository, linkInstalledPackages } from '../../dev/tools.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

/**
 * A copy of the repository whose node_modules links each installed package, and the workspaces by
 * the same relative links as here, so that a package name resolves to the copy's packages/.
 */
function copyWithOwnWorkspaces(dir: string): void {
  copyRepository(dir);
  rmSync(path.join(dir, 'node_modules'));
  linkInstalledPackages(dir);
}

const copy = tempDirForTests('knip-plant-');
const at = (file: string) => path.join(copy, file);

function addDependency(manifest: string, name: string, version: string): void {
  const pkg = JSON.parse(readFileSync(at(manifest), 'utf8'));
  pkg.dependencies = { ...pkg.dependencies, [name]: version };
  writeFileSync(at(manifest), `${JSON.stringify(pkg, null, 2)}\n`);
}

/** What each planted fault makes Knip say, without the line number; `production` when only that run sees it. */
const FAULTS: { fault: string; plant: () => void; problem: string; production?: true }[] = [
  {
    fault: 'the client importing fastify, which only the sandbox (and the root) list',
    plant: () => appendFileSync(at('packages/client/src/client.ts'), "import 'fastify';\n"),
    problem: 'unlisted: fastify at packages/client/src/client.ts',
    production: true,
  },
  {
    fault: 'the client importing the sandbox package',
    plant: () => appendFileSync(at('packages/client/src/urls.ts'), "import 'shipping-api-v3-sandbox';\n"),
    problem: 'unlisted: shipping-api-v3-sandbox at packages/client/src/urls.ts',
  },
  {
    fault: 'the contract importing the client package',
    plant: () => appendFileSync(at('packages/contract/src/json-pointer.ts'), "import 'shipping-api-v3-client';\n"),
    problem: 'unlisted: shipping-api-v3-client at packages/contract/src/json-pointer.ts',
  },
  {
    fault: 'a dependency of the client that nothing imports',
    plant: () => addDependency('packages/client/package.json', 'yaml', '2.9.1'),
    problem: 'dependencies: yaml at packages/client/package.json',
  },
  {
    fault: 'a package of the repository listed by the sandbox, which imports it nowhere',
    plant: () => addDependency('packages/sandbox/package.json', 'shipping-api-v3-cli', '6.1.0'),
    problem: 'dependencies: shipping-api-v3-cli at packages/sandbox/package.json',
  },
  {
    fault: 'an export of the sandbox that nothing imports',
    plant: () => appendFileSync(at('packages/sandbox/src/service/state.ts'), 'export const plantedUnused = 1;\n'),
    problem: 'exports: plantedUnused at packages/sandbox/src/service/state.ts',
  },
  {
    fault: 'an export of the client that only a test imports',
    plant: () => {
      appendFileSync(at('packages/client/src/pacing.ts'), 'export const plantedForTests = 2;\n');
      writeFileSync(
        at('tests/client/planted.test.ts'),
        "import { plantedForTests } from '../../packages/client/src/pacing.ts';\n\nconsole.log(plantedForTests);\n",
      );
    },
    problem: 'exports: plantedForTests at packages/client/src/pacing.ts',
    production: true,
  },
  {
    fault: 'a file of the command line that nothing imports',
    plant: () => writeFileSync(at('packages/cli/src/planted.ts'), 'export const lonely = 3;\n'),
    problem: 'files: packages/cli/src/planted.ts at packages/cli/src/planted.ts',
  },
];

describe('npm run lint (knip)', () => {
  let problems: string[] = [];

  beforeAll(() => {
    copyWithOwnWorkspaces(copy);
    for (const { plant } of FAULTS) plant();
    problems = knipProblems(copy).map((problem) => problem.replace(/:\d+$/, ''));
  });

  it('names the planted faults and nothing else', () => {
    expect([...new Set(problems)].sort()).toEqual(FAULTS.map((f) => f.problem).sort());
  });

  it.each(FAULTS)('fails on $fault', ({ problem, production }) => {
    // Both runs see a fault, but for those that only the packages as published show.
    expect(problems.filter((p) => p === problem)).toHaveLength(production ? 1 : 2);
  });
});
