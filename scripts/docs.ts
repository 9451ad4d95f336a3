// Renders the bundled description (generated/openapi.yaml) to docs/index.html with Redocly's
// build-docs: one self-contained page, the Redoc scripts inlined. The API shipping@v3-docs of
// redocly.yaml adds the decorators and options of the rendered reference. With --check, renders into a temporary folder and fails
// when the committed page differs (stale or edited by hand).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { filesDiffer, redocly, root, withTempDir } from './lib/tools.ts';

export const DOCS_PAGE = path.join(root, 'docs/index.html');

export function renderDocs(outFile: string): void {
  const result = redocly([
    'build-docs',
    'shipping@v3-docs',
    '--template',
    'scripts/docs-template.hbs',
    '--inlineBundle',
    '-o',
    outFile,
  ]);
  if (result.status !== 0) throw new Error(`redocly build-docs failed:\n${result.stdout}${result.stderr}`);
}

/** Whether `page` differs from a fresh rendering of the bundle. */
export function docsAreStale(page = DOCS_PAGE): boolean {
  return withTempDir('shipping-docs-', (dir) => {
    const fresh = path.join(dir, 'index.html');
    renderDocs(fresh);
    return filesDiffer(page, fresh);
  });
}

function main(): void {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  if (values.check) {
    if (docsAreStale()) {
      console.error('Stale: docs/index.html differs from generated/openapi.yaml. Run `npm run docs` and commit the result.');
      process.exit(1);
    }
    console.log('docs/index.html matches generated/openapi.yaml.');
    return;
  }
  renderDocs(DOCS_PAGE);
  console.log('Rendered generated/openapi.yaml into docs/index.html.');
}

if (import.meta.main) main();
