// The guides as pages (docs/<name>.html, npm run docs): one per guide and for the changelog, fresh,
// offline like the reference, and with every link landing on a page of the published folder.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { guideLinksToPages, guidesSection, HTTP_LABEL } from '../../openapi/plugins/docs.js';
import { guides, pageTitle, productName } from '../../openapi/plugins/pages.js';
import { DOCS_DIR, pageSources, renderedBody, renderPages, SCRIPT_HASH, stalePages } from '../../dev/docs/pages.ts';
import { finishPage, INLINE_LOGOS } from '../../dev/docs/finish.ts';
import { DOCS_PAGE } from '../../dev/paths.ts';
import { withTempDir } from '../../dev/tools.ts';
import { BUNDLE_JSON, root } from '../../dev/paths.ts';

const sources = pageSources();
const product = productName(JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')));
const read = (page: string) => readFileSync(path.join(DOCS_DIR, page), 'utf8');

/** The href values of the links of an HTML page. */
const hrefs = (html: string) => [...html.matchAll(/<a\s[^>]*href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
const ids = (html: string) => new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!));

/** Links of `page` that land on no file of docs/, or on no heading of a guide page. */
function brokenLinks(page: string, docsDir = DOCS_DIR): string[] {
  const html = readFileSync(path.join(docsDir, page), 'utf8');
  return hrefs(html).filter((href) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return false;
    const [file = '', anchor] = href.split('#');
    const target = file || page;
    if (!existsSync(path.join(docsDir, target))) return true;
    // Anchors into the reference are Redoc's own; those into a guide page are its heading ids.
    return (
      Boolean(anchor) && target !== 'index.html' && !ids(readFileSync(path.join(docsDir, target), 'utf8')).has(anchor!)
    );
  });
}

describe('guide pages', () => {
  it('every guide of docs/ and the changelog has its page', () => {
    const guides = readdirSync(DOCS_DIR).filter((name) => name.endsWith('.md'));
    expect(sources.map((s) => s.markdown).sort()).toEqual([...guides.map((g) => `docs/${g}`), 'CHANGELOG.md'].sort());
    for (const { page } of sources) expect(existsSync(path.join(DOCS_DIR, page)), page).toBe(true);
    expect(sources[0]!.page).toBe('getting-started.html');
  });

  it('match a fresh rendering of their Markdown', () => {
    withTempDir('pages-', (fresh) => {
      renderPages(fresh);
      expect(stalePages(DOCS_DIR, fresh)).toEqual([]);
    });
  });

  it('the staleness check reports a page that differs from its Markdown, a missing page and a page without a source', () => {
    withTempDir('pages-', (fresh) => {
      renderPages(fresh);
      withTempDir('pages-committed-', (committed) => {
        cpSync(fresh, committed, { recursive: true });
        writeFileSync(
          path.join(committed, 'partner-attribution.html'),
          read('partner-attribution.html').replace('Partner attribution', 'Partner reporting'),
        );
        rmSync(path.join(committed, 'getting-started.html'));
        writeFileSync(path.join(committed, 'orphan.html'), '<!DOCTYPE html>');
        expect(stalePages(committed, fresh).sort()).toEqual([
          'getting-started.html',
          'orphan.html',
          'partner-attribution.html',
        ]);
      });
    });
  });

  it.each(sources.map((s) => s.page))(
    '%s loads nothing from elsewhere and runs one script, its own, allowed by its sha256',
    (page) => {
      const html = read(page);
      const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toMatch(/https?:|\*/);
      const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
      expect(scripts).toHaveLength(1);
      const hash = `sha256-${createHash('sha256').update(scripts[0]!).digest('base64')}`;
      // The policy allows that script and no other: not 'unsafe-inline', no second hash.
      expect(/script-src ([^;]*)/.exec(csp)?.[1]).toBe(`'${hash}'`);
      expect(hash).toBe(SCRIPT_HASH);
      expect(/<script\s[^>]*src=|<link|<img|<iframe|url\(/i.test(html)).toBe(false);
    },
  );

  it.each(sources.map((s) => s.page))("%s is titled with its heading and the product's name and version", (page) => {
    const html = read(page);
    const markdown = readFileSync(path.join(root, sources.find((s) => s.page === page)!.markdown), 'utf8');
    const heading = pageTitle(markdown, page).replace(/&/g, '&amp;');
    expect(html).toContain(`<title>${heading} · ${product.title}</title>`);
    expect(html).toContain(`<a class="api" href="index.html"><span class="product">${product.title}</span>`);
  });

  it.each(sources.map((s) => s.page))(
    '%s: every link lands on a page of docs/, anchors included, none on Markdown',
    (page) => {
      expect(brokenLinks(page)).toEqual([]);
      expect(hrefs(read(page)).filter((href) => /\.md(#|$)/.test(href))).toEqual([]);
    },
  );

  it('links between guides point at their pages, with the heading of GitHub', () => {
    expect(hrefs(read('contract-testing.html'))).toContain(
      'partner-attribution.html#migrating-off-the-partner_id-body-field',
    );
    expect(read('partner-attribution.html')).toContain('id="migrating-off-the-partner_id-body-field"');
    expect(hrefs(read('partner-attribution.html'))).toContain('changelog.html');
  });

  it('the link checker finds a broken link', () => {
    withTempDir('pages-links-', (dir) => {
      writeFileSync(
        path.join(dir, 'a.html'),
        '<h2 id="here">x</h2><a href="b.html">b</a> <a href="a.html#nowhere">c</a> <a href="#here">d</a> <a href="https://x.test/">e</a>',
      );
      expect(brokenLinks('a.html', dir)).toEqual(['b.html', 'a.html#nowhere']);
    });
  });
});

describe("a guide's body, rendered again only when what it is made from changed", () => {
  const from = 'docs/a-guide-of-this-test.md';

  it('its text', () => {
    expect(renderedBody('# First\n', from, sources)).toContain('First');
    const again = renderedBody('# Second\n', from, sources);
    expect(again).toContain('Second');
    expect(again).not.toContain('First');
  });

  it('the pages a link may point at', () => {
    const markdown = 'See [the other guide](other-guide-of-this-test.md).\n';
    expect(hrefs(renderedBody(markdown, from, sources))).toEqual([]);
    const withOther = [
      ...sources,
      { markdown: 'docs/other-guide-of-this-test.md', page: 'other-guide-of-this-test.html' },
    ];
    expect(hrefs(renderedBody(markdown, from, withOther))).toEqual(['other-guide-of-this-test.html']);
  });

  it('the files under docs/, a link to one being kept', () => {
    // In a folder that is there already: its name alone does not change.
    const name = `images/file-of-this-test-${process.pid}.txt`;
    const markdown = `See [the file](${name}).\n`;
    expect(hrefs(renderedBody(markdown, from, sources))).toEqual([]);
    writeFileSync(path.join(DOCS_DIR, name), 'x');
    try {
      expect(hrefs(renderedBody(markdown, from, sources))).toEqual([name]);
    } finally {
      rmSync(path.join(DOCS_DIR, name));
    }
  });
});

describe('the reference links the pages', () => {
  it('its descriptions link the guide pages, not their Markdown', () => {
    const html = readFileSync(DOCS_PAGE, 'utf8');
    for (const { page } of sources.filter((s) => s.markdown.startsWith('docs/'))) {
      expect(html.includes(`href="${page}"`), page).toBe(true);
    }
    expect(/href="[a-z-]+\.md"/.test(html)).toBe(false);
  });

  it('guideLinksToPages rewrites relative Markdown links only', () => {
    expect(
      guideLinksToPages(
        '[a](getting-started.md) [b](partner-attribution.md#x) [c](https://x.test/a.md) [d](#a.md) [e](/a.md)',
      ),
    ).toBe('[a](getting-started.html) [b](partner-attribution.html#x) [c](https://x.test/a.md) [d](#a.md) [e](/a.md)');
  });
});

describe('the reference page', () => {
  const html = readFileSync(DOCS_PAGE, 'utf8');

  it('names the RFC of every status code that HTTP fixes, under one label', () => {
    for (const rfc of [
      'RFC 9110 §15.5.2 (401 Unauthorized), RFC 7617',
      'RFC 9110 §15.3.7 (206 Partial Content)',
      'RFC 9110 §15.5.17 (416 Range Not Satisfiable)',
      'RFC 9110 §15.3.1 (200 OK)',
    ]) {
      expect(html.includes(`**${HTTP_LABEL}** ${rfc}`), rfc).toBe(true);
    }
  });

  it('names no logo on cdn.redoc.ly, which its policy blocks: the logo is inlined', () => {
    expect(html.includes('cdn.redoc.ly')).toBe(false);
    expect(html.includes('data:image/svg+xml,')).toBe(true);
  });

  it('prerenders its search box as "Search", not "Loading..."', () => {
    const trigger = html.indexOf('data-testid="search-trigger"');
    const text = html.slice(trigger, trigger + 4000);
    expect(text.includes('<span>Search</span>')).toBe(true);
    expect(text.includes('Loading...')).toBe(false);
  });

  it('finishing a page fails when Redoc no longer renders what it fixes', () => {
    expect(() => finishPage('<html></html>')).toThrow(/cdn\.redoc\.ly/);
    // A page as Redoc renders it (its logos from the CDN, its search box loading) but whose menu
    // links are not prerendered as paths.
    const unfinished = readFileSync(DOCS_PAGE, 'utf8')
      .replaceAll(INLINE_LOGOS[0]!, 'https://cdn.redoc.ly/redoc/logo-mini-full.svg')
      .replaceAll(INLINE_LOGOS[1]!, 'https://cdn.redoc.ly/redoc/logo-mini.svg')
      .replace('<span>Search</span>', '<span>Loading...</span>')
      .replace(/href="#\//g, 'href="?/');
    expect(() => finishPage(unfinished)).toThrow(/no longer prerenders its menu links as paths/);
    expect(() => finishPage(unfinished.replace(/href="\?\//g, 'href="/'))).not.toThrow();
  });
});

describe('what the reference and the pages share (openapi/plugins/pages.js)', () => {
  it("the product's name: the title with the API's version from the server URL, and the contract's version", () => {
    const info = { title: 'Parcel API', version: '1.2.0' };
    expect(productName({ info, servers: [{ url: 'https://{host}/api/public/v3' }] })).toEqual({
      name: 'Parcel API v3',
      version: 'contract 1.2.0',
      title: 'Parcel API v3 (contract 1.2.0)',
    });
    expect(productName({ info: { ...info, title: 'Parcel API v3' }, servers: [{ url: '/x/v3/' }] }).name).toBe(
      'Parcel API v3',
    );
    expect(productName({ info }).title).toBe('Parcel API (contract 1.2.0)');
  });

  it("the guides in the README's order, one it does not list after, by name, with the README's words", () => {
    withTempDir('pages-guides-', (dir) => {
      mkdirSync(path.join(dir, 'docs'));
      writeFileSync(
        path.join(dir, 'README.md'),
        '# R\n\n## Guides\n\n- [B](docs/b.md): the second letter.\n- [A](docs/a.md): the first.\n',
      );
      for (const [name, heading] of [
        ['a', 'Alpha'],
        ['b', 'The `b` guide'],
        ['c', 'Gamma'],
        ['0', ''],
      ])
        writeFileSync(path.join(dir, 'docs', `${name}.md`), heading ? `# ${heading}\n\nText.\n` : 'No heading.\n');
      expect(guides(dir)).toEqual([
        { markdown: 'docs/b.md', page: 'b.html', title: 'The b guide', about: 'the second letter.' },
        { markdown: 'docs/a.md', page: 'a.html', title: 'Alpha', about: 'the first.' },
        { markdown: 'docs/0.md', page: '0.html', title: '0.md', about: '' },
        { markdown: 'docs/c.md', page: 'c.html', title: 'Gamma', about: '' },
      ]);
    });
  });

  it("the reference's Guides section: a heading per guide with its page as id, and the link to the page", () => {
    expect(
      guidesSection([
        { page: 'a.html', title: 'Alpha', about: 'the first.' },
        { page: 'b.html', title: 'Beta', about: '' },
      ]),
    ).toBe(
      '# Guides\n\nEach guide is a page of its own, published beside this reference.\n\n' +
        '## Alpha {% id="a.html" %}\n\n[Alpha](a.html): the first.\n\n## Beta {% id="b.html" %}\n\n[Beta](b.html).',
    );
  });
});

describe('the guide menu', () => {
  it('lists the guides in the order of the README', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8').split('## Guides')[1]!;
    const listed = [...readme.matchAll(/\]\(docs\/([a-z-]+)\.md\)/g)].map((m) => `${m[1]}.html`);
    const order = [...new Set(listed)];
    const menu = pageSources()
      .map((source) => source.page)
      .filter((page) => order.includes(page));
    expect(menu).toEqual(order.filter((page) => menu.includes(page)));
    expect(menu[0]).toBe('getting-started.html');
  });
});
