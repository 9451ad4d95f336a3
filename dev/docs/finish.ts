// The fixes the rendered reference gets after Redoc has rendered it (dev/build/pipeline/reference.ts):
// its footer logo and search box as the page's policy and a reader need them, its prerendered links
// written as Redoc's routes (dev/docs/deep-links.ts), the guides' script, Try it and the page's
// Content-Security-Policy with the hashes of its scripts (dev/docs/policy.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { hashLinks } from './deep-links.ts';
import { withPolicy } from './policy.ts';
import { root } from '../paths.ts';
import { type TryItSources, tryItAssets } from './try-it/page.ts';

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
