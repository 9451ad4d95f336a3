// Makes every file derived from the contract: the bundle (generated/openapi.{yaml,json}, Redocly) and its generator profile,
// the generated code (npm run generate) and the rendered reference (npm run docs), and reports the
// open points. With --check, bundles into a temporary folder and fails when the committed bundle
// differs (stale or edited by hand); generate:check and docs:check check the others.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DOCS_PAGE, docsAreStale, renderDocs } from './docs.ts';
import { generate, staleCode } from './generate.ts';
import { filesDiffer, redocly, root, withTempDir } from './lib/tools.ts';
import { listUnspecified } from './lib/unspecified.ts';

export const BUNDLES = ['openapi.yaml', 'openapi.json', 'openapi.generators.yaml'] as const;
const GENERATED_DIR = path.join(root, 'generated');

export function bundle(outDir: string): void {
  for (const file of BUNDLES) {
    // The generator profile is the bundle through the decorators of shipping@v3-generators (docs/generating-clients.md).
    const input = file === 'openapi.generators.yaml' ? ['shipping@v3-generators'] : ['openapi/openapi.yaml', '--ext', path.extname(file).slice(1)];
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
    return BUNDLES.filter((file) => filesDiffer(path.join(generatedDir, file), path.join(fresh, file)));
  });
}

/**
 * Every file derived from the contract, in the order each is made from the one before: the bundle,
 * the generated code, the rendered reference.
 */
export const STEPS = [
  { name: 'generated/openapi.{yaml,json,generators.yaml}', isStale: () => staleBundles(GENERATED_DIR).length > 0, make: () => bundle(GENERATED_DIR) },
  { name: 'generated/schema.d.ts and generated/validators/', isStale: () => staleCode(GENERATED_DIR).length > 0, make: () => generate(GENERATED_DIR) },
  { name: 'docs/index.html', isStale: () => docsAreStale(DOCS_PAGE), make: () => renderDocs(DOCS_PAGE) },
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

function main(): void {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, generated: { type: 'string', default: GENERATED_DIR } },
  });
  const generatedDir = path.resolve(values.generated);
  if (values.check) {
    const stale = staleBundles(generatedDir);
    if (stale.length > 0) {
      console.error(`Stale: ${stale.map((f) => path.join(path.relative(root, generatedDir), f)).join(', ')} differ from the contract. Run \`npm run build\` and commit the result.`);
      process.exit(1);
    }
    console.log('generated/openapi.{yaml,json,generators.yaml} match the contract.');
    return;
  }
  if (generatedDir !== GENERATED_DIR) {
    bundle(generatedDir);
    console.log(`Bundled openapi/openapi.yaml into ${path.relative(root, generatedDir) || generatedDir}.`);
    return;
  }
  for (const step of STEPS) step.make();
  const document = JSON.parse(readFileSync(path.join(generatedDir, 'openapi.json'), 'utf8'));
  const points = listUnspecified(document);
  console.log(`Made ${STEPS.map((step) => step.name).join(', ')} from the contract.`);
  console.log(`${points.length} points are marked x-unspecified (list them with \`npm run unspecified\`).`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
