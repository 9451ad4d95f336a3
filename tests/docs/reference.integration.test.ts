// The rendered reference (docs/index.html): fresh, self-contained, and showing what integrators
// need: every operation, the Basic scheme, Partner-ID, the deprecated partner_id, every open point.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GUIDES_HEADING, guidesSection, LABEL } from '../../openapi/plugins/docs.js';
import { guides, productName } from '../../openapi/plugins/pages.js';
import { DOCS_PAGE, renderDocs } from '../../dev/docs/render.ts';
import { referenceSections } from '../../dev/docs/deep-links.ts';
import { DOCS_DIR, NOT_FOUND_PAGE, root } from '../../dev/paths.ts';
import { listUnspecified } from '../../dev/build/unspecified.ts';
import { pointerGet } from 'shipping-api-v3-contract';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const html = readFileSync(DOCS_PAGE, 'utf8');

/** The description that the page renders, as embedded for Redoc's script. */
function renderedDefinition(page: string): any {
  const match = /const __redoc_definition = (.*);\n/.exec(page);
  if (!match) throw new Error('No embedded definition in the page');
  return JSON.parse(match[1]!);
}

// listUnspecified writes the root as `/`.
const at = (document: any, pointer: string): any => (pointer === '/' ? document : pointerGet(document, pointer).value);

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('docs/index.html', () => {
  const scratch = tempDirForTests('docs-test-');

  // One rendering, compared with the committed page, which another process rendered at another time:
  // a timestamp or a random id would differ there as between two renderings now. (Whether the page
  // is stale is `npm run build:check`'s to say, tests/repository/build-check.integration.test.ts.)
  it('npm run docs renders the committed bytes every time (no timestamps or random ids)', async () => {
    const fresh = path.join(scratch, 'index.html');
    await renderDocs(fresh, null);
    expect(readFileSync(fresh, 'utf8') === html).toBe(true);
    expect(
      readFileSync(path.join(scratch, NOT_FOUND_PAGE), 'utf8') ===
        readFileSync(path.join(DOCS_DIR, NOT_FOUND_PAGE), 'utf8'),
    ).toBe(true);
  });

  // Booleans, not matchers on the page: a failure should not print 2.5 MB of HTML.
  it('loads no script, style, font or image from elsewhere', () => {
    expect(/<script[^>]*\ssrc=/i.test(html), 'a <script src>').toBe(false);
    expect(/<link[^>]*\shref=["']?(https?:)?\/\//i.test(html), 'a <link> to another host').toBe(false);
    expect(/import\s*\{[^}]*\}\s*from\s*["']https?:/.test(html), 'Redoc imported from a CDN').toBe(false);
    expect(/<script type="module">\s*\S/.test(html), 'the inlined Redoc bundle').toBe(true);
  });

  it('forbids every outside request with a Content-Security-Policy', () => {
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/https?:|\*/);
  });
});

describe('its addresses', () => {
  // What Redoc prerenders, which a reader sees, and follows, before its script takes the page over.
  const prerendered = html.slice(html.indexOf('<div id="redoc">'), html.indexOf('<script type="module">'));
  const links = [...prerendered.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]!);

  it('every prerendered link works from disk: a route of Redoc (#/…), a page beside it, or a page elsewhere', () => {
    expect(links.length).toBeGreaterThan(10);
    const broken = links.filter(
      (href) => !href.startsWith('#/') && !/^https:\/\//.test(href) && !existsSync(path.join(DOCS_DIR, href)),
    );
    expect(broken).toEqual([]);
    for (const route of ['#/', '#/carrier-setup', '#/shipments', '#/section/guides']) expect(links).toContain(route);
  });

  it('docs/404.html knows the sections of the reference, and its policy allows its one script by its sha256', () => {
    const page = readFileSync(path.join(DOCS_DIR, NOT_FOUND_PAGE), 'utf8');
    const sections = /<html lang="en" data-reference-sections="([^"]*)">/.exec(page)?.[1]?.split(' ');
    expect(sections).toEqual(referenceSections(html));
    expect(sections).toEqual(expect.arrayContaining(['section', 'carrier-setup', 'shipments', 'sales-orders']));
    const scripts = [...page.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(scripts).toHaveLength(1);
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(page)?.[1];
    const hash = createHash('sha256').update(scripts[0]!).digest('base64');
    expect(csp).toBe(`default-src 'none'; script-src 'sha256-${hash}'; style-src 'unsafe-inline'`);
  });
});

describe('what the reference shows', () => {
  const bundle = readJson(bundlePath);
  const rendered = renderedDefinition(html);
  const operations = Object.values<any>(rendered.paths).flatMap((item) =>
    METHODS.filter((m) => item[m]).map((m) => item[m]),
  );

  it('every operation of the bundle, each with the Partner-ID header and Basic security', () => {
    const ids = (items: any[]) =>
      items.flatMap((item) => METHODS.filter((m) => item[m]).map((m) => item[m].operationId));
    // The download lives at no path in the bundle (components.pathItems); the reference lists it
    // under the address it is requested at, {url}, since Redoc renders only paths.
    expect(ids(Object.values(rendered.paths)).sort()).toEqual(
      ids([...Object.values(bundle.paths), ...Object.values(bundle.components.pathItems)]).sort(),
    );
    expect(rendered.paths['{url}'].get.operationId).toBe('downloadCarrierSetupFile');
    expect(operations.length).toBeGreaterThanOrEqual(6);
    for (const operation of operations) {
      const headers = operation.parameters.map((p: any) => at(rendered, p.$ref.slice(1)) ?? p);
      expect(
        headers.map((p: any) => p.name),
        operation.operationId,
      ).toContain('Partner-ID');
    }
    expect(rendered.security).toEqual([{ basicAuth: [] }]);
    expect(rendered.components.securitySchemes.basicAuth).toMatchObject({ type: 'http', scheme: 'basic' });
  });

  it('the partner_id body fields as deprecated, so that Redoc strikes them through', () => {
    const bodies = ['ShipmentCreate', 'SalesOrderCreate', 'ImportedShipmentCreate'];
    for (const name of bodies) {
      const field = rendered.components.schemas[name].properties.partner_id;
      expect(field.deprecated ?? at(rendered, field.$ref.slice(1)).deprecated, name).toBe(true);
    }
  });

  it('every open point, under the one label, in the description of the object that carries it', () => {
    const points = listUnspecified(bundle);
    expect(points.length).toBeGreaterThan(20);
    for (const { pointer, text } of points) {
      const node = at(rendered, pointer);
      expect(node?.description, pointer).toContain(`**${LABEL}** ${text}`);
      // Redoc shows no path item description: its open point is repeated on its operations.
      if (/^\/paths\/[^/]+$/.test(pointer)) {
        for (const method of METHODS.filter((m) => node[m]))
          expect(node[method].description, `${pointer}/${method}`).toContain(text);
      }
    }
  });

  it("the product's name and version in its title and heading, as the guide pages name them", () => {
    const product = productName(bundle);
    expect(product.title).toBe(`${bundle.info.title} v3 (contract ${bundle.info.version})`);
    expect(html.includes(`<title>${product.title}</title>`), 'the title').toBe(true);
    // Redoc's heading is "<title> (<version>)"; the bundle itself keeps its own.
    expect(`${rendered.info.title} (${rendered.info.version})`).toBe(product.title);
    expect(bundle.info.title).toBe('Shipping Service Public API');
  });

  it("a Guides section last in the overview, an entry per guide in the README's order, in place of the bundle's line", () => {
    const description: string = rendered.info.description;
    expect(description.endsWith(guidesSection(guides()))).toBe(true);
    expect(description.match(new RegExp(`^# ${GUIDES_HEADING}$`, 'gm'))).toHaveLength(1);
    expect(bundle.info.description).toContain('**Guides.**');
    expect(description).not.toContain('**Guides.**');
    // The open point of info stays before the section, not inside the last guide's entry.
    expect(description.indexOf(`**${LABEL}**`)).toBeLessThan(description.indexOf(`# ${GUIDES_HEADING}`));
  });

  it("the script that opens a guide's page from its menu entry, once, before </body>", () => {
    const script = readFileSync(path.join(root, 'dev/docs/guide-links.js'), 'utf8').trim();
    expect(html.split(script)).toHaveLength(2);
    expect(html.indexOf(script)).toBeGreaterThan(html.indexOf('hydrate(__redoc_definition'));
  });

  it('the examples', () => {
    const examples = Object.keys(bundle.components.examples);
    expect(Object.keys(rendered.components.examples)).toEqual(examples);
    expect(html).toContain('dp_pickup_point'); // prerendered, not only embedded
  });
});
