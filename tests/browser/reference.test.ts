// The rendered reference and the guide pages in a real browser: Debian's Chromium, driven by
// playwright-core, opens docs/index.html and every docs/<guide>.html from disk with every request
// outside file:// and loopback blocked. A broken image, or anything the page's own
// Content-Security-Policy refuses, fails the test. The pages are one product: the reference's menu
// opens every guide, every page names the product and its version alike, and every code block of a
// guide copies its text.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { guides, pageTitle, productName } from '../../openapi/plugins/pages.js';
import { DOCS_DIR, pageSources } from '../../dev/docs/pages.ts';
import { DOCS_PAGE } from '../../dev/docs/render.ts';
import { BUNDLE_YAML, root } from '../../dev/paths.ts';
import {
  blockOutside,
  hydrated,
  MENU_ITEM,
  recordRefusals,
  refusals,
  SHOTS,
  startBrowser,
} from '../support/harness/browser.ts';

const read = (page: string) => readFileSync(path.join(DOCS_DIR, page), 'utf8');

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const bundle = parse(readFileSync(BUNDLE_YAML, 'utf8'));
// "Shipping Service Public API v3 (contract 5.0.0)": the reference's heading and every page's title.
const product = productName(bundle);
// The download lives at no path (components.pathItems): the reference shows it at `{url}`.
const operations = [
  ...Object.entries<any>(bundle.paths),
  ...Object.values<any>(bundle.components.pathItems).map((item) => ['{url}', item] as const),
].flatMap(([route, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ method: method.toUpperCase(), route, ...item[method] })),
);

/** The images of the page that did not load: not complete, or with no pixels. */
const brokenImages = (page: Page) =>
  page.evaluate(() =>
    [...document.images]
      .filter((image) => !image.complete || image.naturalWidth === 0)
      .map((image) => image.currentSrc || image.src || image.alt),
  );

/** Waits until the element is visible; fails the test when it does not become visible. */
const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 10_000 });

const pageText = async (page: Page) => (await page.locator('body').innerText()).replace(/\s+/g, ' ');

// Redoc's links are routes of its own (#/…), prerendered so too (dev/docs/deep-links.ts).
const GUIDES_GROUP = `${MENU_ITEM} a[href="#/section/guides"]`;
const guideEntries = (page: Page) => page.locator(`${MENU_ITEM} a[href^="#/section/guides/"]`);

/** Opens the reference and waits for Redoc's script; opens the menu's Guides group. */
async function openGuidesInMenu(page: Page): Promise<void> {
  await page.goto(pathToFileURL(DOCS_PAGE).href);
  await hydrated(page);
  const menuButton = page.getByRole('button', { name: 'Open navigation menu' });
  if (await menuButton.isVisible()) await menuButton.click();
  await page.locator(GUIDES_GROUP).click();
  // Waits until the group has opened: its last entry visible, no longer moving, and clickable.
  await guideEntries(page).last().click({ trial: true });
}

let browser: Browser;
let context: BrowserContext;
let page: Page;
let blocked: string[];
const pageErrors: string[] = [];

beforeAll(async () => {
  ({ browser, context, blocked } = await startBrowser());
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(pathToFileURL(DOCS_PAGE).href);
  await hydrated(page);
});

afterAll(async () => {
  await browser?.close();
});

describe('docs/index.html opened from disk, offline', () => {
  it('renders the reference, with no script error, named with the product and its version', async () => {
    expect(product.title).toBe(`${bundle.info.title} v3 (contract ${bundle.info.version})`);
    await expect(page.title()).resolves.toBe(product.title);
    await visible(page.getByRole('heading', { level: 1, name: product.title, exact: true }));
    expect(pageErrors).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'reference.png') });
  });

  it('lists every operation', async () => {
    // Redoc renders a section when it scrolls into view: scroll down until each operation shows.
    const scrolledText = async () => {
      await page.mouse.wheel(0, 3000);
      return pageText(page);
    };
    for (const { method, route } of operations) {
      await expect
        .poll(scrolledText, { message: `${method} ${route}`, timeout: 30_000 })
        .toContain(`${method} ${route}`);
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(operations.length).toBeGreaterThanOrEqual(6);
  });

  it('shows the open points under one label', async () => {
    await visible(page.getByText('Not specified:').first());
  });

  it('shows the Partner-ID header on an operation, and the Basic security scheme', async () => {
    await page.goto(`${pathToFileURL(DOCS_PAGE).href}#/shipments/createshipment`);
    await visible(page.getByRole('heading', { name: 'Create a shipment' }));
    const header = page.locator('.schema-name', { hasText: /^Partner-ID$/ }).first();
    await visible(header);
    await page.getByText('View security details').first().click();
    const scheme = bundle.components.securitySchemes.basicAuth;
    await visible(page.getByText('HTTP Authorization Scheme'));
    await visible(page.getByText(/authenticated with HTTP Basic authentication/));
    await visible(page.getByText(`Not specified: ${scheme['x-unspecified']}`));
    await page.screenshot({ path: path.join(SHOTS, 'security.png') });
    await page.keyboard.press('Escape');
    await page.getByText('HTTP Authorization Scheme').waitFor({ state: 'hidden' });
  });

  it('strikes the deprecated partner_id body field through', async () => {
    const field = page.locator('.schema-name', { hasText: /^partner_id$/ }).first();
    await field.scrollIntoViewIfNeeded();
    await visible(field);
    expect(await field.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe('line-through');
    await page.screenshot({ path: path.join(SHOTS, 'deprecated-partner-id.png') });
  });

  it('finds "Partner-ID" with the search', async () => {
    await page.locator('[data-testid="search-trigger"]').click();
    await page.locator('[data-component-name="Search/SearchInput"] input').fill('Partner-ID');
    const results = page.locator('[data-component-name="Search/SearchItem"]');
    await visible(results.first());
    expect(await results.count()).toBeGreaterThanOrEqual(4);
    await visible(results.filter({ hasText: 'Partner-ID' }).first());
    await page.screenshot({ path: path.join(SHOTS, 'search.png') });
    await page.keyboard.press('Escape');
  });

  it('shows its footer logo, and no broken image anywhere, nothing refused by its own policy', async () => {
    await page.goto(pathToFileURL(DOCS_PAGE).href);
    await hydrated(page);
    const logo = page.locator('img[alt="redocly logo"]').first();
    await visible(logo);
    expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    for (let i = 0; i < 5; i++) await page.mouse.wheel(0, 4000);
    expect(await brokenImages(page)).toEqual([]);
    expect(await refusals(page)).toEqual([]);
  });

  it('shows "Search" in the search box at first paint, before any script runs', async () => {
    const still = await browser.newContext({ javaScriptEnabled: false });
    try {
      const first = await still.newPage();
      await first.goto(pathToFileURL(DOCS_PAGE).href);
      const trigger = first.locator('[data-testid="search-trigger"]').first();
      await visible(trigger);
      const text = await trigger.innerText();
      expect(text).toContain('Search');
      expect(text).not.toContain('Loading');
    } finally {
      await still.close();
    }
  });

  it('links the guides as pages, which open from the reference', async () => {
    await page.goto(pathToFileURL(DOCS_PAGE).href);
    const link = page.locator('a[href="getting-started.html"]').first();
    await link.scrollIntoViewIfNeeded();
    await link.click();
    await page.waitForURL(/getting-started\.html$/);
    await visible(page.getByRole('heading', { level: 1, name: 'Getting started' }));
  });

  it('attempted no request outside file:// and loopback', () => {
    expect(blocked).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe("the reference's menu lists the guides", () => {
  const list = guides();

  it("under Guides, every guide in the README's order, each entry named as the guide's heading", async () => {
    expect(list.map((guide) => guide.page)).toEqual(
      pageSources()
        .map((s) => s.page)
        .filter((p) => p !== 'changelog.html'),
    );
    await openGuidesInMenu(page);
    const entries = guideEntries(page);
    expect(await entries.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual(
      list.map((guide) => `#/section/guides/${guide.page}`),
    );
    expect(await entries.allInnerTexts()).toEqual(list.map((guide) => guide.title));
    await page.screenshot({ path: path.join(SHOTS, 'reference-guides.png') });
  });

  it('each entry opens its guide, by click, and the last by keyboard (focused, Enter)', async () => {
    for (const [i, guide] of list.entries()) {
      await openGuidesInMenu(page);
      const entry = guideEntries(page).nth(i);
      if (i < list.length - 1) await entry.click();
      else {
        await entry.focus();
        await page.keyboard.press('Enter');
      }
      await page.waitForURL((url) => url.pathname.endsWith(`/${guide.page}`), { timeout: 10_000 });
      await visible(page.getByRole('heading', { level: 1, name: guide.title, exact: true }));
    }
  }, 180_000);

  it('at 390 px too: the same heading; the guides behind the menu button, and an entry opens its guide', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 900 } });
    await blockOutside(phone);
    const small = await phone.newPage();
    try {
      await small.goto(pathToFileURL(DOCS_PAGE).href);
      await visible(small.getByRole('heading', { level: 1, name: product.title, exact: true }));
      await small.screenshot({ path: path.join(SHOTS, 'reference-390.png') });
      await openGuidesInMenu(small);
      await small.screenshot({ path: path.join(SHOTS, 'reference-390-guides.png') });
      await guideEntries(small).nth(1).click();
      await small.waitForURL((url) => url.pathname.endsWith(`/${list[1]!.page}`), { timeout: 10_000 });
      await visible(small.getByRole('heading', { level: 1, name: list[1]!.title, exact: true }));
    } finally {
      await phone.close();
    }
  }, 120_000);

  it('each guide also has a section of the reference that links its page, for a reader without script', async () => {
    await page.goto(`${pathToFileURL(DOCS_PAGE).href}#/section/guides/${list[2]!.page}`);
    const link = page.locator(`a[href="${list[2]!.page}"]`, { hasText: list[2]!.title }).first();
    await visible(link);
    await link.click();
    await page.waitForURL((url) => url.pathname.endsWith(`/${list[2]!.page}`));
  });

  it("offers Redoc's own Copy on its samples", async () => {
    const copying = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await copying.grantPermissions(['clipboard-read', 'clipboard-write']);
    const reference = await copying.newPage();
    try {
      await reference.goto(`${pathToFileURL(DOCS_PAGE).href}#/shipments/createshipment`);
      await visible(reference.getByRole('heading', { name: 'Create a shipment' }));
      await reference.locator('[data-testid="copy-button"]').filter({ visible: true }).first().click();
      await expect.poll(() => reference.evaluate(() => navigator.clipboard.readText())).toContain('"product_code"');
    } finally {
      await copying.close();
    }
  });
});

describe('the guide pages opened from disk, offline', () => {
  for (const { page: name, markdown } of pageSources()) {
    it(`${name} renders ${markdown} with its menu, the product's name and version, no broken image, nothing refused`, async () => {
      const guide = await context.newPage();
      const errors: string[] = [];
      guide.on('pageerror', (error) => errors.push(error.message));
      guide.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
      try {
        await guide.goto(pathToFileURL(path.join(DOCS_DIR, name)).href);
        const heading = pageTitle(readFileSync(path.join(root, markdown), 'utf8'), name);
        await visible(guide.getByRole('heading', { level: 1, name: heading }));
        await expect(guide.title()).resolves.toBe(`${heading} · ${product.title}`);
        const menu = guide.getByRole('navigation', { name: 'Documentation' });
        // The menu names the reference as the reference names itself (its heading and its title).
        const reference = menu.locator('a[href="index.html"]');
        await visible(reference);
        await expect(reference.locator('.product').innerText()).resolves.toBe(product.title);
        for (const other of pageSources()) await visible(menu.locator(`a[href="${other.page}"]`));
        expect(await brokenImages(guide)).toEqual([]);
        expect(await refusals(guide)).toEqual([]);
        expect(errors).toEqual([]);
        await guide.screenshot({ path: path.join(SHOTS, name.replace(/\.html$/, '.png')), fullPage: false });
      } finally {
        await guide.close();
      }
    });
  }

  it('nothing outside file:// and loopback was asked for', () => {
    expect(blocked).toEqual([]);
  });
});

/** A page opened from disk in a context that may use the clipboard, with its refusals and errors recorded. */
async function openToCopy(name: string): Promise<{ guide: Page; errors: string[]; close: () => Promise<void> }> {
  const copying = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await copying.grantPermissions(['clipboard-read', 'clipboard-write']);
  await blockOutside(copying);
  await recordRefusals(copying);
  const guide = await copying.newPage();
  const errors: string[] = [];
  guide.on('pageerror', (error) => errors.push(error.message));
  guide.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await guide.goto(pathToFileURL(path.join(DOCS_DIR, name)).href);
  return { guide, errors, close: () => copying.close() };
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('the code blocks of the guides copy their text', () => {
  const withCode = pageSources().filter(({ page }) => read(page).includes('<pre>'));

  it.each(withCode.map((s) => s.page))(
    "%s: every code block has a Copy button, allowed by the page's policy",
    async (name) => {
      const { guide, errors, close } = await openToCopy(name);
      try {
        const blocks = await guide.locator('main pre').count();
        expect(blocks).toBeGreaterThan(0);
        expect(await guide.locator('main .code > button.copy').count()).toBe(blocks);
        expect(await refusals(guide)).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await close();
      }
    },
  );

  it('a click puts the block\'s text on the clipboard, and the button says "Copied", then "Copy" again', async () => {
    const { guide, errors, close } = await openToCopy('getting-started.html');
    try {
      const block = guide.locator('main .code').nth(1);
      const text = await block.locator('pre > code').textContent();
      await block.getByRole('button', { name: 'Copy', exact: true }).click();
      await expect.poll(() => clipboard(guide)).toBe(text);
      await visible(block.getByRole('button', { name: 'Copied', exact: true }));
      await expect.poll(() => guide.getByRole('status').textContent()).toBe('Copied');
      await block.getByRole('button', { name: 'Copy', exact: true }).waitFor({ timeout: 5_000 });
      expect(await refusals(guide)).toEqual([]);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('by keyboard: Tab reaches the button, Enter and Space copy', async () => {
    const { guide, errors, close } = await openToCopy('cli.html');
    try {
      const codes = guide.locator('main .code pre > code');
      const [first, second] = [await codes.nth(0).textContent(), await codes.nth(1).textContent()];
      // A click on the text just before the first block (a heading) starts Tab from there: Tab lands on its button.
      await guide.locator('main .code').first().locator('xpath=preceding-sibling::*[1]').click();
      await guide.keyboard.press('Tab');
      const focused = () =>
        guide.evaluate(() => document.activeElement?.closest('.code')?.querySelector('code')?.textContent);
      await expect.poll(focused).toBe(first);
      await guide.keyboard.press('Enter');
      await expect.poll(() => clipboard(guide)).toBe(first);
      await guide.locator('main .code button.copy').nth(1).focus();
      await guide.keyboard.press('Space');
      await expect.poll(() => clipboard(guide)).toBe(second);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });

  it("where the clipboard refuses, the block's text is selected for Ctrl+C, and the button says so", async () => {
    const refusing = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await refusing.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    try {
      const guide = await refusing.newPage();
      await guide.goto(pathToFileURL(path.join(DOCS_DIR, 'getting-started.html')).href);
      const block = guide.locator('main .code').first();
      await block.getByRole('button', { name: 'Copy', exact: true }).click();
      await visible(block.getByRole('button', { name: 'Selected: press Ctrl+C', exact: true }));
      // The selection's text is the block's, but for the last line's end of line.
      const selected = await guide.evaluate(() => getSelection()?.toString() ?? '');
      expect(selected.trimEnd()).toBe((await block.locator('code').textContent())!.trimEnd());
      expect(selected.length).toBeGreaterThan(40);
    } finally {
      await refusing.close();
    }
  });

  it('without script, no button: the code reads as it is', async () => {
    const still = await browser.newContext({ javaScriptEnabled: false });
    try {
      const guide = await still.newPage();
      await guide.goto(pathToFileURL(path.join(DOCS_DIR, 'getting-started.html')).href);
      expect(await guide.locator('button').count()).toBe(0);
      await visible(guide.locator('main pre').first());
      expect(await guide.locator('main pre > code').first().textContent()).toContain('SHIPPING_BASE_URL');
    } finally {
      await still.close();
    }
  });
});

/** Elements of the page's main text whose content is wider than their box and not scrollable there. */
function cutOff(): string[] {
  const found: string[] = [];
  for (const element of document.querySelectorAll('main *')) {
    const box = element as HTMLElement;
    const style = getComputedStyle(box);
    const scrolls = ['auto', 'scroll'].includes(style.overflowX);
    if (!scrolls && box.scrollWidth > box.clientWidth + 1 && style.display !== 'inline')
      found.push(`${box.tagName.toLowerCase()}: ${box.textContent!.slice(0, 60)}`);
    const main = document.querySelector('main')!.getBoundingClientRect();
    const rect = box.getBoundingClientRect();
    if (!box.closest('pre, table, code[class]') && rect.right > main.right + 1 && !scrolls)
      found.push(`beyond main: ${box.tagName.toLowerCase()}: ${box.textContent!.slice(0, 60)}`);
  }
  return [...new Set(found)];
}

describe('the guide pages at the width of a desktop and of a phone', () => {
  for (const width of [1400, 390]) {
    for (const { page: name } of pageSources()) {
      it(`${name} at ${width} px: the text uses the window, nothing is cut off, no flag breaks`, async () => {
        const narrow = await browser.newContext({ viewport: { width, height: 900 } });
        await blockOutside(narrow);
        const guide = await narrow.newPage();
        try {
          await guide.goto(pathToFileURL(path.join(DOCS_DIR, name)).href);
          expect(await guide.evaluate(cutOff)).toEqual([]);
          // The main column takes the window beside the menu (or the whole window on a phone).
          const { main, window } = await guide.evaluate(() => ({
            main: document.querySelector('main')!.getBoundingClientRect().right,
            window: innerWidth,
          }));
          expect(window - main).toBeLessThan(width >= 1000 ? 120 : 2);
          // Inline code does not break inside a flag such as --url-ttl-ms.
          const broken = await guide.evaluate(() =>
            [...document.querySelectorAll('main :not(pre) > code')]
              .filter((c) => c.getClientRects().length > 1 && /^--/.test(c.textContent ?? ''))
              .map((c) => c.textContent),
          );
          expect(broken).toEqual([]);
          await guide.screenshot({
            path: path.join(SHOTS, `${name.replace(/\.html$/, '')}-${width}.png`),
            fullPage: false,
          });
        } finally {
          await narrow.close();
        }
      });
    }
  }
});

describe('the broken-image check', () => {
  it('reports an image that did not load, and one the policy refused', async () => {
    const probe = await context.newPage();
    try {
      const file = path.join(SHOTS, 'broken-images.html');
      writeFileSync(
        file,
        `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:"><img alt="gone" src="data:image/png;base64,AAAA"><img alt="outside" src="https://cdn.invalid/logo.svg">`,
      );
      await probe.goto(pathToFileURL(file).href);
      await expect.poll(() => refusals(probe)).not.toEqual([]);
      expect((await brokenImages(probe)).length).toBe(2);
      expect((await refusals(probe)).join(' ')).toContain('cdn.invalid');
    } finally {
      await probe.close();
    }
  });
});

describe('the network guard', () => {
  it('blocks and records a request to another host', async () => {
    const guarded = await browser.newContext();
    try {
      const attempts = await blockOutside(guarded);
      const probe = await guarded.newPage();
      await expect(probe.goto('http://example.invalid/')).rejects.toThrow();
      expect(attempts).toEqual(['http://example.invalid/']);
    } finally {
      await guarded.close();
    }
  });
});
