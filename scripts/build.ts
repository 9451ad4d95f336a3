// Bundles the contract into generated/openapi.yaml and generated/openapi.json with Redocly, and
// reports the open points. With --check, bundles into a temporary folder and fails when the
// committed bundle differs (stale or edited by hand).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { redocly, root } from './lib/tools.ts';
import { listUnspecified } from './lib/unspecified.ts';

export const BUNDLES = ['openapi.yaml', 'openapi.json'] as const;

export function bundle(outDir: string): void {
  for (const file of BUNDLES) {
    const ext = path.extname(file).slice(1);
    const result = redocly(['bundle', 'openapi/openapi.yaml', '--ext', ext, '-o', path.join(outDir, file)]);
    if (result.status !== 0) {
      throw new Error(`redocly bundle failed for ${file}:\n${result.stdout}${result.stderr}`);
    }
  }
}

/** The bundle files under `generatedDir` that differ from a fresh bundle. */
export function staleBundles(generatedDir: string): string[] {
  const fresh = mkdtempSync(path.join(tmpdir(), 'shipping-bundle-'));
  try {
    bundle(fresh);
    return BUNDLES.filter((file) => {
      let committed: string;
      try {
        committed = readFileSync(path.join(generatedDir, file), 'utf8');
      } catch {
        return true;
      }
      return committed !== readFileSync(path.join(fresh, file), 'utf8');
    });
  } finally {
    rmSync(fresh, { recursive: true, force: true });
  }
}

function main(): void {
  const { values } = parseArgs({
    options: { check: { type: 'boolean', default: false }, generated: { type: 'string', default: path.join(root, 'generated') } },
  });
  const generatedDir = path.resolve(values.generated);
  if (values.check) {
    const stale = staleBundles(generatedDir);
    if (stale.length > 0) {
      console.error(`Stale: ${stale.map((f) => path.join(path.relative(root, generatedDir), f)).join(', ')} differ from the contract. Run \`npm run build\` and commit the result.`);
      process.exit(1);
    }
    console.log('generated/openapi.{yaml,json} match the contract.');
    return;
  }
  bundle(generatedDir);
  const document = JSON.parse(readFileSync(path.join(generatedDir, 'openapi.json'), 'utf8'));
  const points = listUnspecified(document);
  console.log(`Bundled openapi/openapi.yaml into ${BUNDLES.map((f) => `generated/${f}`).join(' and ')}.`);
  console.log(`${points.length} points are marked x-unspecified (list them with \`npm run unspecified\`).`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
