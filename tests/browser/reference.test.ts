// The rendered reference in a real browser: Debian's Chromium, driven by playwright-core, opens
// docs/index.html from disk with every request outside file:// and loopback blocked.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { DOCS_PAGE } from '../../scripts/docs.ts';
import { BUNDLE } from '../../scripts/lib/releases.ts';
import { root } from '../../scripts/lib/tools.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = path.join(root, 'test-results/browser');
const LOOPBACK = /^(127(\.\d+){3}|localhost|\[::1\])$/;
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const bundle = parse(readFileSync(BUNDLE, 'utf8'));
const operations = Object.entries<any>(bundle.paths).flatMap(([route, item]) =>
  METHODS.filter((m) => item[m]).map((method) => ({ method: method.toUpperCase(), route, ...item[method] })),
);

/** Blocks every request that is not file:// or loopback, and records it. */
async function blockOutside(context: BrowserContext): Promise<string[]> {
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'file:' || LOOPBACK.test(url.hostname)) return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  return blocked;
}

/** Waits until the element is visible; fails the test when it does not become visible. */
const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 10_000 });

const pageText = async (page: Page) => (await page.locator('body').innerText()).replace(/\s+/g, ' ');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let blocked: string[];
const pageErrors: string[] = [];

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    // playwright-core gives every launch a fresh, temporary profile (user data dir).
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  blocked = await blockOutside(context);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  await page.goto(pathToFileURL(DOCS_PAGE).href);
  // Redoc has taken over the prerendered page once its search is ready ("Loading..." until then).
  await page.locator('[data-testid="search-trigger"]', { hasText: 'Search' }).waitFor({ timeout: 30_000 });
});

afterAll(async () => {
  await browser?.close();
});

describe('docs/index.html opened from disk, offline', () => {
  it('renders the reference, with no script error', async () => {
    await expect(page.title()).resolves.toBe(bundle.info.title);
    await visible(page.getByRole('heading', { name: `${bundle.info.title} (${bundle.info.version})` }));
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
      await expect.poll(scrolledText, { message: `${method} ${route}`, timeout: 30_000 }).toContain(`${method} ${route}`);
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

  it('attempted no request outside file:// and loopback', () => {
    expect(blocked).toEqual([]);
    expect(pageErrors).toEqual([]);
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
