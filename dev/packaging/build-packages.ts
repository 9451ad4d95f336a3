// `npm run build:packages`, which npm install runs as prepare: each package of packages/ built into
// its dist/ by tsc, in the order they depend on each other, incrementally (dist/.tsbuildinfo). The
// contract package first gets its copy of what `npm run build` generated (the bundle, the types, the
// validators) and of the setup file's JSON Schema. Then each executable a package.json's bin names is
// made executable, as npm makes it in an installed package, so that `npx shipping-api` in a clone
// runs it even where npx links it from a cache of an earlier clone at the same path.
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { BUNDLE_FILES, GENERATED_DIR, root } from '../paths.ts';
import { runBin } from '../tools.ts';

/** The workspaces, in the order they build: each after those it depends on. */
export const PACKAGES = ['contract', 'client', 'sandbox', 'cli'] as const;

/** What the contract package carries of the repository: its path in the package, from its absolute path here. */
export const CONTRACT_FILES: Record<string, string> = {
  ...Object.fromEntries(
    [...BUNDLE_FILES, 'schema.d.ts', 'validators/index.js', 'validators/index.d.ts'].map((file) => [
      path.join(GENERATED_DIR, file),
      path.join('generated', file),
    ]),
  ),
  [path.join(root, 'openapi/schemas/carrier-setup-file.schema.json')]: 'generated/carrier-setup-file.schema.json',
};

export const packageDir = (name: string) => path.join(root, 'packages', name);

/** Copies the generated artifacts into the contract package (packages/contract/generated/). */
export function copyContractFiles(): void {
  const into = packageDir('contract');
  rmSync(path.join(into, 'generated'), { recursive: true, force: true });
  for (const [from, to] of Object.entries(CONTRACT_FILES)) {
    mkdirSync(path.dirname(path.join(into, to)), { recursive: true });
    cpSync(from, path.join(into, to));
  }
}

/**
 * Removes from a package's dist/ what an earlier build made of a source file that is gone (its .js
 * and .d.ts): tsc builds incrementally and never deletes, and npm pack would ship the leftovers.
 */
function removeLeftovers(name: string): void {
  const dist = path.join(packageDir(name), 'dist');
  if (!existsSync(dist)) return;
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    const built = path.join(entry.parentPath, entry.name);
    const stem = /^(.*)\.(js|d\.ts)$/.exec(path.relative(dist, built))?.[1];
    if (entry.isFile() && stem && !existsSync(path.join(packageDir(name), 'src', `${stem}.ts`))) rmSync(built);
  }
}

/**
 * Builds every package's dist/ with one `tsc -b` over their project references (each after those it
 * depends on, only what changed since dist/.tsbuildinfo); returns the exit code, tsc's when it fails.
 */
export function buildPackages(): number {
  copyContractFiles();
  for (const name of PACKAGES) removeLeftovers(name);
  const built = runBin(
    'typescript',
    'tsc',
    ['-b', ...PACKAGES.map((name) => path.join(packageDir(name), 'tsconfig.json'))],
    {
      inherit: true,
    },
  );
  if (built.status !== 0) return built.status ?? 1;
  for (const name of PACKAGES) {
    const { bin = {} } = JSON.parse(readFileSync(path.join(packageDir(name), 'package.json'), 'utf8')) as {
      bin?: Record<string, string>;
    };
    for (const file of Object.values(bin)) {
      const executable = path.join(packageDir(name), file);
      chmodSync(executable, statSync(executable).mode | 0o111);
    }
  }
  return 0;
}
