// The rendered reference in a real browser: Debian's Chromium, driven by playwright-core, opens
// docs/index.html from disk with every request outside file:// and loopback blocked. A broken image,
// or anything the page's own Content-Security-Policy refuses, fails the test. The pages are one
// product: the reference's menu opens every guide, by click and by keyboard, and names each as its
// page does. (The guide pages themselves: guides.test.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { guides, productName } from '../../openapi/plugins/pages.js';
import { pageSources } from '../../dev/docs/pages.ts';
import { DOCS_PAGE } from '../../dev/docs/render.ts';
import { BUNDLE_YAML } from '../../dev/paths.ts';
import {
  blockOutside,
  brokenImages,
  hydrated,
  MENU_ITEM,
  refusals,
  SHOTS,
  startBrowser,
  visible,
} from '../support/harness/browser.ts';

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
