// Renders the bundled description (generated/openapi.yaml) to docs/index.html with Redocly's
// build-docs: one self-contained page, the Redoc scripts inlined, titled with the product's name and
// version as the guide pages are; docs/404.html, which sends the reference's addresses written as
// paths to their routes on a static host (dev/docs/deep-links.ts); and every guide docs/*.md to a
// page docs/<name>.html beside it (dev/docs/pages.ts). The API shipping@v3-docs of redocly.yaml adds the decorators and options of
// the rendered reference. Every operation gets its Try it panel (dev/docs/try-it/), and the page its
// Content-Security-Policy with the hashes of its scripts (dev/docs/policy.ts); DOCS_SANDBOX_URL names
// the hosted sandbox a published site may call (docs/try-it.md). With --check, renders into a temporary folder and fails when the committed
// page differs (stale or edited by hand).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { productName } from '../../openapi/plugins/pages.js';
import { hashLinks, notFoundPage, referenceSections } from './deep-links.ts';
import { withPolicy } from './policy.ts';
import { renderPages, stalePages } from './pages.ts';
import { BUNDLE_JSON, DOCS_PAGE, NOT_FOUND_PAGE, root } from '../paths.ts';
import { filesDiffer, redocly, withTempDir } from '../tools.ts';
import { hostedSandboxUrl, SANDBOX_URL_VARIABLE, type TryItSources, tryItAssets } from './try-it/page.ts';

export { DOCS_PAGE };

// Redoc's footer shows a logo from cdn.redoc.ly, which the page's own Content-Security-Policy
// blocks: a broken image. The page shows the same attribution with a logo of its own, inlined as a
// data: URI, which the policy allows.
const LOGO_URLS = ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', 'https://cdn.redoc.ly/redoc/logo-mini.svg'];
const svg = (width: number, text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="18" viewBox="0 0 ${width} 18"><text x="0" y="14" font-family="sans-serif" font-size="14" font-weight="600" fill="#1a1c21">${text}</text></svg>`;
export const INLINE_LOGOS = [svg(64, 'Redocly'), svg(12, 'R')].map(
  (image) => `data:image/svg+xml,${encodeURIComponent(image)}`,
);
// That logo is dark text in an image, which CSS cannot recolour: in Redoc's dark mode (`:root.dark`)
// it is inverted, light on the badge's dark ground.
const PAGE_STYLE = ':root.dark img[alt="redocly logo"] { filter: invert(1); }';

// The search box is prerendered as "Loading..." and says "Search" once the page's script has built
// its index; a reader sees "Loading..." until then, and forever with scripts off. The prerendered
// text is the one it ends with.
const SEARCH_PRERENDERED = '<span>Loading...</span>';
const SEARCH_READY = '<span>Search</span>';

// Redoc's menu entries under Guides lead to sections of the reference; this script makes each open
// its guide's page (the script says how).
const GUIDE_LINKS_SCRIPT = readFileSync(path.join(root, 'dev/docs/guide-links.js'), 'utf8').trim();

/**
 * The page as Redocly rendered it, with the fixes above, its prerendered links written as Redoc's
 * routes (dev/docs/deep-links.ts), the guides' script, Try it (reaching `hostedSandbox` too, when
 * given) and its policy; fails when Redoc changed under them.
 */
export function finishPage(html: string, hostedSandbox: string | null = null, sources: TryItSources = {}): string {
  let page = html;
  LOGO_URLS.forEach((url, i) => {
    if (!page.includes(url)) throw new Error(`The rendered reference no longer names ${url}: check its footer logo.`);
    page = page.replaceAll(url, INLINE_LOGOS[i]!);
  });
  const trigger = page.indexOf('data-testid="search-trigger"');
  const loading = page.indexOf(SEARCH_PRERENDERED, trigger);
  if (trigger < 0 || loading < 0 || loading - trigger > 4000)
    throw new Error('The rendered reference no longer prerenders its search box as expected.');
  page = page.slice(0, loading) + SEARCH_READY + page.slice(loading + SEARCH_PRERENDERED.length);
  page = hashLinks(page);
  const end = page.lastIndexOf('</body>');
  if (end < 0) throw new Error('The rendered reference has no </body> to put its script before.');
  const tryIt = tryItAssets(hostedSandbox, sources);
  page = `${page.slice(0, end)}<script>\n${GUIDE_LINKS_SCRIPT}\n</script>\n${tryIt.data}\n<script>${tryIt.script}</script>\n${page.slice(end)}`;
  const head = page.indexOf('</head>');
  if (head < 0) throw new Error('The rendered reference has no </head> to put its style before.');
  page = `${page.slice(0, head)}<style>${PAGE_STYLE}\n${tryIt.style}</style>\n${page.slice(head)}`;
  return withPolicy(page, hostedSandbox ? [new URL(hostedSandbox).origin] : []);
}

const product = () => productName(JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')));

/** Renders the reference into outFile, and beside it docs/404.html and the guides; Try it reaches `hostedSandbox` too, when given. */
export function renderDocs(
  outFile: string,
  hostedSandbox: string | null = hostedSandboxUrl(process.env[SANDBOX_URL_VARIABLE]),
): void {
  const result = redocly([
    'build-docs',
    'shipping@v3-docs',
    '--template',
    'dev/docs/template.hbs',
    '--inlineBundle',
    '--title',
    // The reference's <title>: the product's name and version, as Redoc's heading and the guide pages show them.
    product().title,
    '-o',
    outFile,
  ]);
  if (result.status !== 0) throw new Error(`redocly build-docs failed:\n${result.stdout}${result.stderr}`);
  const page = finishPage(readFileSync(outFile, 'utf8'), hostedSandbox);
  writeFileSync(outFile, page);
  // What static hosts answer for an address they have no file for: it sends the reference's addresses to their routes.
  writeFileSync(path.join(path.dirname(outFile), NOT_FOUND_PAGE), notFoundPage(product(), referenceSections(page)));
  // The guides, as pages beside the reference.
  renderPages(path.dirname(outFile));
}

/** Whether `page` differs from a fresh rendering of the bundle. */
export function docsAreStale(page = DOCS_PAGE): boolean {
  return withTempDir('shipping-docs-', (dir) => {
    const fresh = path.join(dir, 'index.html');
    renderDocs(fresh);
    const notFound = (folder: string) => path.join(folder, NOT_FOUND_PAGE);
    return (
      filesDiffer(page, fresh) ||
      filesDiffer(notFound(path.dirname(page)), notFound(dir)) ||
      stalePages(path.dirname(page), dir).length > 0
    );
  });
}

/** `npm run docs [-- --check]`: renders the reference and the guides, or checks them; returns the exit code. */
export function docs({ check = false }: { check?: boolean } = {}): number {
  if (check) {
    if (docsAreStale()) {
      console.error(
        'Stale: docs/index.html, docs/404.html or a guide page docs/*.html differs from its source. Run `npm run docs` and commit the result.',
      );
      return 1;
    }
    console.log('docs/index.html and docs/404.html match generated/openapi.yaml, and every guide page its Markdown.');
    return 0;
  }
  renderDocs(DOCS_PAGE);
  console.log(
    'Rendered generated/openapi.yaml into docs/index.html and docs/404.html, and the guides into docs/*.html.',
  );
  return 0;
}
