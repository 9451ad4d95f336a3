// `npm run docs`: renders the bundled description (generated/openapi.yaml) to docs/index.html as
// `npm run build` does (dev/build/pipeline/reference.ts: Redoc's own API, one self-contained page),
// docs/404.html, which sends the reference's addresses written as paths to their routes on a static
// host (dev/docs/deep-links.ts), and every guide docs/*.md to a page docs/<name>.html beside it
// (dev/docs/pages.ts). DOCS_SANDBOX_URL names the hosted sandbox a published site's Try it may call
// (docs/try-it.md); without it the pages are those `npm run build` commits, and `npm run build:check`
// checks them.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderReference } from '../build/pipeline/reference.ts';
import { loadRedoclyConfig } from '../build/pipeline/redocly-config.ts';
import { renderPages } from './pages.ts';
import { BUNDLE_JSON, BUNDLE_YAML, DOCS_PAGE, NOT_FOUND_PAGE } from '../paths.ts';
import { hostedSandboxUrl, SANDBOX_URL_VARIABLE } from './try-it/page.ts';

export { DOCS_PAGE };

/** Renders the reference into outFile, and beside it docs/404.html and the guides; Try it reaches `hostedSandbox` too, when given. */
export async function renderDocs(
  outFile: string,
  hostedSandbox: string | null = hostedSandboxUrl(process.env[SANDBOX_URL_VARIABLE]),
): Promise<void> {
  const { page, notFound } = await renderReference(
    readFileSync(BUNDLE_YAML, 'utf8'),
    JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')),
    { config: await loadRedoclyConfig(), hostedSandbox },
  );
  writeFileSync(outFile, page);
  // What static hosts answer for an address they have no file for: it sends the reference's addresses to their routes.
  writeFileSync(path.join(path.dirname(outFile), NOT_FOUND_PAGE), notFound);
  // The guides, as pages beside the reference.
  renderPages(path.dirname(outFile));
}

/** `npm run docs`: renders the reference and the guides; returns the exit code. */
export async function docs(): Promise<number> {
  await renderDocs(DOCS_PAGE);
  console.log(
    'Rendered generated/openapi.yaml into docs/index.html and docs/404.html, and the guides into docs/*.html.',
  );
  return 0;
}
