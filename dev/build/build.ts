// `npm run build`: makes every file derived from the contract with the pipeline of dev/build/pipeline/, in
// one process: the bundle (generated/openapi.{yaml,json}) and its generator profile, the generated
// code, the rendered reference and the guide pages, the contract package's copy, and the build
// manifest (generated/build-manifest.json, the hashes of what each was made from); and reports the
// open points. With --check, decides from those hashes what is stale, makes again in memory only the
// steps whose inputs changed, and fails naming each file that differs from what `npm run build`
// makes (stale or edited by hand).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BUNDLE_FILES, BUNDLE_JSON, GENERATOR_PROFILE } from '../paths.ts';
import { build as buildPipeline, ensureFresh, staleness, staleOutputs } from './pipeline/fresh.ts';
import { STEPS } from './pipeline/steps.ts';
import { filesDiffer } from '../tools.ts';
import { listUnspecified } from './unspecified.ts';

/** Writes the bundle files, made afresh from the contract, into outDir. */
export async function bundle(outDir: string): Promise<void> {
  const { bundleContract, generatorProfile } = await import('./pipeline/bundle.ts');
  const { loadRedoclyConfig } = await import('./pipeline/redocly-config.ts');
  const config = await loadRedoclyConfig();
  const bundled = await bundleContract(config);
  writeFileSync(path.join(outDir, 'openapi.yaml'), bundled.yaml);
  writeFileSync(path.join(outDir, 'openapi.json'), bundled.json);
  writeFileSync(path.join(outDir, GENERATOR_PROFILE), await generatorProfile(bundled.yaml, config));
}

/** The bundle files under `generatedDir` that differ from those under `freshDir`. */
export const differingBundles = (generatedDir: string, freshDir: string): string[] =>
  [...BUNDLE_FILES, GENERATOR_PROFILE].filter((file) =>
    filesDiffer(path.join(generatedDir, file), path.join(freshDir, file)),
  );

/** Remakes what is stale, as the build manifest's hashes say; returns the titles of the steps made again. */
export async function refresh(): Promise<string[]> {
  const stale = new Set(staleness().map((found) => found.step));
  if (stale.size === 0) return [];
  await ensureFresh({ remake: true });
  return STEPS.filter((step) => stale.has(step.name)).map((step) => step.title);
}

/** `npm run build [-- --check]`: makes every derived file, or checks them; returns the exit code. */
export async function build({ check = false }: { check?: boolean } = {}): Promise<number> {
  if (check) {
    const stale = await staleOutputs();
    if (stale.length > 0) {
      console.error(
        `Stale: ${stale.join(', ')} differ${stale.length === 1 ? 's' : ''} from what \`npm run build\` makes. Run it and commit the result.`,
      );
      return 1;
    }
    console.log('Every file made by `npm run build` matches the contract (by the hashes of its inputs).');
    return 0;
  }
  const { written, ran } = await buildPipeline({ all: true });
  const points = listUnspecified(JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')));
  const titles = STEPS.filter((step) => ran.includes(step.name)).map((step) => step.title);
  console.log(`Made the ${titles.join(', ')} from the contract; ${written.length} files changed.`);
  console.log(`${points.length} points are marked x-unspecified (list them with \`npm run unspecified\`).`);
  return 0;
}
