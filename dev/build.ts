// Makes every file derived from the contract: the bundle (generated/openapi.{yaml,json}, Redocly) and its generator profile,
// the generated code (npm run generate) and the rendered reference (npm run docs), and reports the
// open points. With --check, builds everything afresh in a temporary copy of the repository and
// fails naming each file that differs from what `npm run build` makes (stale or edited by hand).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { CONTRACT_FILES, copyContractFiles, packageDir } from './build-packages.ts';
import { DOCS_PAGE, docsAreStale, renderDocs } from './docs.ts';
import { generate, staleCode } from './generate.ts';
import { BUNDLE_FILES, BUNDLE_JSON, GENERATED_DIR, GENERATOR_PROFILE, root, SOURCE } from './paths.ts';
import { copyRepository, filesDiffer, redocly, withTempDir } from './tools.ts';
import { RULE_TEXT_FILE, ruleTextIsStale, writeRuleText } from './rule-text.ts';
import { listUnspecified } from './unspecified.ts';

export function bundle(outDir: string): void {
  for (const file of [...BUNDLE_FILES, GENERATOR_PROFILE]) {
    // The generator profile is the bundle through the decorators of shipping@v3-generators (docs/generating-clients.md).
    const input =
      file === GENERATOR_PROFILE ? ['shipping@v3-generators'] : [SOURCE, '--ext', path.extname(file).slice(1)];
    const result = redocly(['bundle', ...input, '-o', path.join(outDir, file)]);
    if (result.status !== 0) {
      throw new Error(`redocly bundle failed for ${file}:\n${result.stdout}${result.stderr}`);
    }
  }
}

/** The bundle files under `generatedDir` that differ from a fresh bundle. */
export function staleBundles(generatedDir: string): string[] {
  return withTempDir('shipping-bundle-', (fresh) => {
    bundle(fresh);
    return [...BUNDLE_FILES, GENERATOR_PROFILE].filter((file) =>
      filesDiffer(path.join(generatedDir, file), path.join(fresh, file)),
    );
  });
}

/**
 * Every file derived from the contract, in the order each is made from the one before: the bundle,
 * the generated code, the rendered reference.
 */
export const STEPS = [
  {
    name: 'generated/openapi.{yaml,json,generators.yaml}',
    isStale: () => staleBundles(GENERATED_DIR).length > 0,
    make: () => bundle(GENERATED_DIR),
  },
  {
    name: 'generated/schema.d.ts and generated/validators/',
    isStale: () => staleCode(GENERATED_DIR).length > 0,
    make: () => generate(GENERATED_DIR),
  },
  { name: 'docs/index.html', isStale: () => docsAreStale(DOCS_PAGE), make: () => renderDocs(DOCS_PAGE) },
  {
    name: "the contract package's copy of them (packages/contract/generated/)",
    isStale: () =>
      Object.entries(CONTRACT_FILES).some(([from, to]) => filesDiffer(from, path.join(packageDir('contract'), to))),
    make: copyContractFiles,
  },
  { name: RULE_TEXT_FILE, isStale: () => ruleTextIsStale(), make: () => writeRuleText() },
];

/** Remakes what is stale, and everything after it, which is made from it. Returns what it made. */
export function refresh(): string[] {
  const made: string[] = [];
  for (const step of STEPS) {
    if (made.length > 0 || step.isStale()) {
      step.make();
      made.push(step.name);
    }
  }
  return made;
}

/** Makes every step into the repository `dir` (the bundle first, then what is made from it). */
export function buildAll(): void {
  for (const step of STEPS) step.make();
}

/** What `npm run build` writes, relative to the root: every file under generated/, and the page. */
export function outputs(dir: string): string[] {
  const files: string[] = [];
  const walk = (sub: string) => {
    const abs = path.join(dir, sub);
    if (!existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const rel = path.posix.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else files.push(rel);
    }
  };
  walk('generated');
  files.push(path.relative(root, DOCS_PAGE).split(path.sep).join('/'));
  if (existsSync(path.join(dir, RULE_TEXT_FILE))) files.push(RULE_TEXT_FILE);
  // The guides' pages, made beside the reference.
  if (existsSync(path.join(dir, 'docs')))
    for (const name of readdirSync(path.join(dir, 'docs')))
      if (name.endsWith('.html') && name !== 'index.html') files.push(`docs/${name}`);
  return files.sort();
}

/**
 * Builds everything in a temporary copy of the repository and returns, relative to the root, each
 * file `npm run build` makes that differs from the committed one (or is missing from either).
 * The copy's path has a space in it, so that the build is known to work from such a folder.
 */
export function staleOutputs(): string[] {
  return withTempDir('shipping build check-', (copy) => {
    copyRepository(copy);
    const result = spawnSync(process.execPath, [path.join(copy, 'scripts/build.ts')], { cwd: copy, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`npm run build failed in a fresh copy:\n${result.stdout}${result.stderr}`);
    const files = [...new Set([...outputs(root), ...outputs(copy)])].sort();
    return files.filter((file) => filesDiffer(path.join(root, file), path.join(copy, file)));
  });
}

/** `npm run build [-- --check]`: makes every derived file, or checks them; returns the exit code. */
export function build({ check = false }: { check?: boolean } = {}): number {
  if (check) {
    const stale = staleOutputs();
    if (stale.length > 0) {
      console.error(
        `Stale: ${stale.join(', ')} differ${stale.length === 1 ? 's' : ''} from what \`npm run build\` makes. Run it and commit the result.`,
      );
      return 1;
    }
    console.log(`${outputs(root).length} files made by \`npm run build\` match the contract.`);
    return 0;
  }
  buildAll();
  const points = listUnspecified(JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')));
  console.log(`Made ${STEPS.map((step) => step.name).join(', ')} from the contract.`);
  console.log(`${points.length} points are marked x-unspecified (list them with \`npm run unspecified\`).`);
  return 0;
}
