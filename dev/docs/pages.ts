// Renders every guide, docs/<name>.md, to the page docs/<name>.html beside the rendered reference,
// with markdown-it: one self-contained page each, with the reference's Content-Security-Policy
// (nothing loaded from elsewhere; one script, its own, allowed by its sha256), a menu of the reference
// and every guide, the product's name and version as the reference shows them, and the same look.
// Links between guides point at their pages; CHANGELOG.md is rendered as docs/changelog.html; any
// other link out of docs/ would break on the published site, so it is kept as text.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import { guides, type ProductName, pageTitle, productName } from '../../openapi/plugins/pages.js';
import { BUNDLE_JSON, DOCS_DIR, NOT_FOUND_PAGE, root } from '../paths.ts';
import { lastMade } from '../build/pipeline/inputs.ts';
import { withProjectCoverage } from './coverage-page.ts';

const DOCS_INDEX = 'index.html';

export { DOCS_DIR };

export interface Source {
  /** The Markdown file, relative to the repository. */
  markdown: string;
  /** The page it becomes, under docs/. */
  page: string;
}

/** Every guide page and its Markdown source: docs/*.md in the order of the README's list, and the changelog. */
export function pageSources(): Source[] {
  const pages = guides(root).map(({ markdown, page }) => ({ markdown, page }));
  return [...pages, { markdown: 'CHANGELOG.md', page: 'changelog.html' }];
}

/** GitHub's anchor of a heading, so that links written for GitHub land on the same heading. */
export const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Where a relative link of `from` (a Markdown file of the repository) points among the pages, or undefined. */
function pageLink(href: string, from: string, sources: Source[]): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('#')) return href;
  const [file = '', anchor] = href.split('#');
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), file));
  const source = sources.find((s) => s.markdown === target);
  if (source) return anchor ? `${source.page}#${anchor}` : source.page;
  // A file of docs/ itself (the reference, index.html) is published with the pages.
  if (target.startsWith('docs/') && existsSync(path.join(root, target)))
    return path.posix.relative('docs', target) + (anchor ? `#${anchor}` : '');
  return undefined;
}

function markdownRenderer(from: string, sources: Source[]): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.core.ruler.push('guide_pages', (state) => {
    for (const [i, token] of state.tokens.entries()) {
      if (token.type === 'heading_open') {
        const inline = state.tokens[i + 1];
        const text = (inline?.children ?? []).map((child) => child.content).join('');
        token.attrSet('id', slug(text));
      }
      let outside = false;
      for (const child of token.children ?? []) {
        if (child.type === 'link_close' && outside) {
          child.tag = 'span';
          outside = false;
        }
        if (child.type !== 'link_open') continue;
        const href = child.attrGet('href') ?? '';
        const to = pageLink(href, from, sources);
        if (to !== undefined) {
          child.attrSet('href', to);
          continue;
        }
        // A link that would break on the published site is kept as its text.
        child.tag = 'span';
        child.attrs = [];
        outside = true;
      }
    }
  });
  return md;
}

const STYLE = `
:root { color-scheme: light; --text: #1a1c21; --muted: #5b5e66; --link: #3e63dd; --border: #e4e4e7; --side: #fafafa; --code: #f4f4f5; }
* { box-sizing: border-box; }
body { margin: 0; font-family: Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; font-size: 15px; line-height: 1.6; color: var(--text); background: #fff; }
.layout { display: flex; min-height: 100vh; }
nav { flex: 0 0 260px; background: var(--side); border-right: 1px solid var(--border); padding: 24px 16px; position: sticky; top: 0; height: 100vh; overflow-y: auto; }
nav .api { display: block; margin-bottom: 16px; color: var(--text); text-decoration: none; }
nav .api .product { display: block; font-weight: 600; }
nav .api .kind { display: block; font-size: 13px; color: var(--link); }
nav h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted); margin: 16px 0 8px; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li a { display: block; padding: 4px 8px; border-radius: 6px; color: var(--text); text-decoration: none; }
nav li a:hover { background: #f0f0f3; }
nav li a[aria-current="page"] { background: #e8ecfb; color: var(--link); font-weight: 600; }
main { flex: 1 1 auto; min-width: 0; max-width: 1160px; padding: 32px 48px 64px; }
h1, h2, h3, h4 { line-height: 1.3; margin: 1.6em 0 .6em; }
h1 { font-size: 30px; margin-top: 0; }
h2 { font-size: 22px; padding-bottom: .3em; border-bottom: 1px solid var(--border); }
h3 { font-size: 18px; }
a { color: var(--link); }
a:not([href]) { color: inherit; text-decoration: none; }
code { font-family: "SFMono-Regular", Menlo, Consolas, "Liberation Mono", monospace; font-size: 13px; background: var(--code); padding: .1em .35em; border-radius: 4px; }
:not(pre) > code { white-space: nowrap; display: inline-block; max-width: 100%; overflow-x: auto; vertical-align: bottom; }
pre { background: var(--code); border: 1px solid var(--border); border-radius: 8px; padding: 12px 16px; overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
pre code { background: none; padding: 0; }
.code { position: relative; margin: 1em 0; }
.code pre { margin: 0; padding-right: 84px; }
.copy { position: absolute; top: 7px; right: 7px; font: inherit; font-size: 12px; line-height: 1.5; padding: 2px 10px; color: var(--text); background: #fff; border: 1px solid var(--border); border-radius: 6px; cursor: pointer; }
.copy:hover { background: #f0f0f3; }
.copy:focus-visible { outline: 2px solid var(--link); outline-offset: 2px; }
.copy-status { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
p, li, td, th { overflow-wrap: anywhere; }
table { border-collapse: collapse; margin: 1em 0; display: block; overflow-x: auto; max-width: 100%; }
th, td { border: 1px solid var(--border); padding: 6px 12px; text-align: left; vertical-align: top; }
th { background: var(--side); }
blockquote { margin: 1em 0; padding: 0 1em; color: var(--muted); border-left: 4px solid var(--border); }
footer { margin-top: 48px; color: var(--muted); font-size: 13px; }
@media (max-width: 800px) { .layout { display: block; } nav { position: static; height: auto; } main { padding: 24px 16px; } .code pre { padding-right: 16px; padding-top: 38px; } }
`;

// The pages' one script, the code blocks' Copy buttons; the policy allows it by its hash, and nothing else.
const SCRIPT = `\n${readFileSync(path.join(root, 'dev/docs/copy-button.js'), 'utf8').trim()}\n`;
export const SCRIPT_HASH = `sha256-${createHash('sha256').update(SCRIPT).digest('base64')}`;
const CSP = `default-src 'none'; script-src '${SCRIPT_HASH}'; style-src 'unsafe-inline'; img-src data:`;

/** The body last rendered for each source, by what it was rendered from. */
const bodies = new Map<string, ReturnType<typeof lastMade<string>>>();

/**
 * The HTML of one source's Markdown, rendered again only when what it is made from changed: its text,
 * the pages its links may point at, and the files under docs/ (a link to one is kept). A save of the
 * contract (`npm run dev`) changes none of them for most guides.
 * @internal exported for its test
 */
export function renderedBody(markdown: string, from: string, sources: Source[]): string {
  const docs = existsSync(DOCS_DIR) ? readdirSync(DOCS_DIR, { recursive: true }).sort().join('\n') : '';
  const last = bodies.get(from) ?? bodies.set(from, lastMade()).get(from)!;
  return last(JSON.stringify([markdown, sources, docs]), () => markdownRenderer(from, sources).render(markdown));
}

/** The HTML page of one source; `document` is the bundled description (the coverage page counts against it). */
export function renderPage(source: Source, sources: Source[], product: ProductName, document: unknown): string {
  const markdown = withProjectCoverage(
    readFileSync(path.join(root, source.markdown), 'utf8'),
    source.markdown,
    document,
  );
  const body = renderedBody(markdown, source.markdown, sources);
  const menu = sources
    .map((s) => {
      const current = s.page === source.page ? ' aria-current="page"' : '';
      return `      <li><a href="${s.page}"${current}>${escapeHtml(pageTitle(readFileSync(path.join(root, s.markdown), 'utf8'), s.page))}</a></li>`;
    })
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <!-- Generated from ${source.markdown} by npm run docs; edit the Markdown, not this page. -->
  <meta http-equiv="Content-Security-Policy" content="${CSP}" />
  <meta name="viewport" content="width=device-width, initial-scale=1" />
  <title>${escapeHtml(pageTitle(markdown, source.page))} · ${escapeHtml(product.title)}</title>
  <style>${STYLE}</style>
</head>
<body>
<div class="layout">
  <nav aria-label="Documentation">
    <a class="api" href="index.html"><span class="product">${escapeHtml(product.title)}</span><span class="kind">API reference</span></a>
    <h2>Guides</h2>
    <ul>
${menu}
    </ul>
  </nav>
  <main>
${body}    <footer>Rendered from <code>${escapeHtml(source.markdown)}</code>. The API reference is <a href="index.html">index.html</a>.</footer>
  </main>
</div>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** Writes every page into `outDir`; returns the page names. */
export function renderPages(outDir: string = DOCS_DIR): string[] {
  const sources = pageSources();
  const document = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8'));
  const product = productName(document);
  for (const source of sources)
    writeFileSync(path.join(outDir, source.page), renderPage(source, sources, product, document));
  return sources.map((s) => s.page);
}

/** The pages of `docsDir` that differ from a fresh rendering in `freshDir`, and pages whose source is gone. */
export function stalePages(docsDir: string, freshDir: string): string[] {
  const expected = pageSources().map((s) => s.page);
  const differ = expected.filter((page) => {
    const read = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);
    const committed = read(path.join(docsDir, page));
    return committed === undefined || committed !== read(path.join(freshDir, page));
  });
  const orphans = existsSync(docsDir)
    ? readdirSync(docsDir).filter(
        (name) => name.endsWith('.html') && ![DOCS_INDEX, NOT_FOUND_PAGE].includes(name) && !expected.includes(name),
      )
    : [];
  return [...differ, ...orphans];
}
