// The reference's addresses opened directly, in Debian's Chromium (playwright-core), with every
// request outside file:// and loopback blocked: from `npm start`'s docs server (a reload of
// /carrier-setup), from a static host that answers its docs/404.html for an address it has no file
// for (as GitHub Pages does, the site under a path of its own), and from disk, offline, by the menu
// of the reference, before its script has taken over the page and after. Screenshots land in
// test-results/browser/.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCS_PAGE } from '../../dev/docs/render.ts';
import {
  blockOutside,
  hydrated,
  MENU_ITEM,
  refusals,
  SHOTS,
  startBrowser,
  visible,
} from '../support/harness/browser.ts';
import { type RunningDocs, serveDocs } from '../../dev/docs/server.ts';
import { DOCS_DIR, NOT_FOUND_PAGE } from '../../dev/paths.ts';

const REFERENCE = pathToFileURL(DOCS_PAGE).href;
// Where the static host publishes docs/, as GitHub Pages publishes a project's site.
const SITE = '/shipping-api/';

/** A static host of docs/ under SITE: the file a path names, or 404 with docs/404.html. */
async function staticHost(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    const name = pathname.startsWith(SITE) ? pathname.slice(SITE.length) || 'index.html' : undefined;
    const file = name === undefined ? undefined : path.join(DOCS_DIR, decodeURIComponent(name));
    let status = 200;
    let body: Buffer;
    try {
      if (!file?.startsWith(DOCS_DIR + path.sep)) throw new Error('outside');
      body = readFileSync(file);
    } catch {
      status = 404;
      body = readFileSync(path.join(DOCS_DIR, NOT_FOUND_PAGE));
    }
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// A page opened by its deep link renders the whole reference first: longer than the default wait.
const LOAD_MS = 30_000;

/** The operation GET {url} in the reference, with its Range parameter: scrolled to, visible. */
async function seesTheDownload(page: Page, shot: string): Promise<void> {
  const operation = page.locator('[data-section-id="/carrier-setup/downloadcarriersetupfile"]').first();
  const heading = operation.locator('h2', { hasText: /^Download the carrier setup file$/ });
  // Redoc renders an operation once it scrolls into view.
  await expect
    .poll(
      async () => {
        await operation.scrollIntoViewIfNeeded();
        return heading.count();
      },
      { timeout: 30_000 },
    )
    .toBe(1);
  await heading.scrollIntoViewIfNeeded();
  await visible(heading, LOAD_MS);
  // The operation's address, as its request panel shows it.
  await expect
    .poll(async () => (await operation.innerText()).replace(/\s+/g, ' '), { timeout: 10_000 })
    .toContain('GET {url}');
  const range = operation.locator('.schema-name', { hasText: /^Range$/ }).first();
  await range.scrollIntoViewIfNeeded();
  await visible(range, LOAD_MS);
  await page.screenshot({ path: path.join(SHOTS, shot) });
}

let browser: Browser;
let context: BrowserContext;
let blocked: string[];
let docs: RunningDocs;
let host: Awaited<ReturnType<typeof staticHost>>;
const pageErrors: string[] = [];

beforeAll(async () => {
  [docs, host] = await Promise.all([serveDocs({ port: 0 }), staticHost()]);
  ({ browser, context, blocked } = await startBrowser());
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([docs?.stop(), host?.close()]);
});

/** A page of the shared context, its script errors recorded. */
async function open(): Promise<Page> {
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return page;
}

describe("`npm start`'s docs server", () => {
  it('opens /carrier-setup directly (as a reload does) at that route: GET {url} with its Range parameter', async () => {
    const page = await open();
    const response = await page.goto(`${docs.url}carrier-setup`);
    expect(response?.request().redirectedFrom()?.url()).toBe(`${docs.url}carrier-setup`);
    expect(page.url()).toBe(`${docs.url}#/carrier-setup`);
    await seesTheDownload(page, 'deep-link-server.png');
    await page.reload();
    await seesTheDownload(page, 'deep-link-server-reloaded.png');
    expect(await refusals(page)).toEqual([]);
    await page.close();
  });
});

describe('a static host that answers docs/404.html for an address it has no file for', () => {
  it(`sends ${SITE}carrier-setup/downloadcarriersetupfile to the reference at that route`, async () => {
    const page = await open();
    await page.goto(`${host.url}${SITE}carrier-setup/downloadcarriersetupfile`);
    await page.waitForURL(`${host.url}${SITE}#/carrier-setup/downloadcarriersetupfile`);
    await seesTheDownload(page, 'deep-link-static-host.png');
    await page.close();
  });

  it('answers any other address with its page, no page at this address, its script allowed by its policy', async () => {
    const page = await open();
    const response = await page.goto(`${host.url}${SITE}no-such-page`);
    expect(response?.status()).toBe(404);
    await visible(page.getByRole('heading', { level: 1, name: 'No page at this address' }), LOAD_MS);
    expect(page.url()).toBe(`${host.url}${SITE}no-such-page`);
    expect(await refusals(page)).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'deep-link-not-found.png') });
    await page.close();
  });
});

describe('docs/index.html from disk, offline', () => {
  it('a menu entry chosen before the script runs leads to its route in the page, where the reference opens at it', async () => {
    const still = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1400, height: 1000 } });
    try {
      await blockOutside(still);
      const first = await still.newPage();
      await first.goto(REFERENCE);
      await first.locator(`${MENU_ITEM} a`, { hasText: 'Carrier setup' }).click();
      expect(first.url()).toBe(`${REFERENCE}#/carrier-setup`);
      // The script, once it runs, reads the route from the address.
      const page = await open();
      await page.goto(first.url());
      await seesTheDownload(page, 'deep-link-offline-before-script.png');
      await page.close();
    } finally {
      await still.close();
    }
  });

  it("by the menu, once Redoc's script runs: Carrier setup, then the download", async () => {
    const page = await open();
    await page.goto(REFERENCE);
    await hydrated(page);
    const menu = page.locator(MENU_ITEM);
    await menu.locator('a', { hasText: 'Carrier setup' }).click();
    await menu.locator('a', { hasText: 'Download the carrier setup file' }).click();
    await expect.poll(() => page.url()).toBe(`${REFERENCE}#/carrier-setup/downloadcarriersetupfile`);
    await seesTheDownload(page, 'deep-link-offline-menu.png');
    await page.close();
  });

  it('asked for nothing outside file:// and loopback, with no script error', () => {
    expect(blocked).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
