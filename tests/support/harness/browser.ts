// Headless Chromium (Debian's, or CHROMIUM_PATH) for the browser tests: a context that reaches only
// file:// and loopback and records what it blocked, what the page's Content-Security-Policy refused,
// and Redoc's hydration.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { root } from '../../../dev/paths.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const LOOPBACK = /^(127(\.\d+){3}|localhost|\[::1\])$/;

/** Where the screenshots go. */
export const SHOTS = path.join(root, 'test-results/browser');

/** An entry of Redoc's menu. */
export const MENU_ITEM = '[data-component-name="Menu/MenuItem"]';

/** Blocks every request that is not file:// or loopback, and records it. */
export async function blockOutside(context: BrowserContext): Promise<string[]> {
  const blocked: string[] = [];
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.protocol === 'file:' || LOOPBACK.test(url.hostname)) return route.continue();
    blocked.push(url.href);
    return route.abort('blockedbyclient');
  });
  return blocked;
}

/**
 * Records what the page's Content-Security-Policy refused (a blocked image fires no request, so the
 * network guard does not see it), from before the page's first script runs.
 */
export async function recordRefusals(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const refused: string[] = [];
    (window as unknown as { __refused: string[] }).__refused = refused;
    document.addEventListener('securitypolicyviolation', (event) =>
      refused.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
}

/** Chromium and one context of 1400 × 1000, with the requests it blocked (none, in a passing test). */
export async function startBrowser(): Promise<{ browser: Browser; context: BrowserContext; blocked: string[] }> {
  mkdirSync(SHOTS, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    // playwright-core gives every launch a fresh, temporary profile (user data dir).
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  const blocked = await blockOutside(context);
  await recordRefusals(context);
  return { browser, context, blocked };
}

/** What the page's Content-Security-Policy refused, but for Redoc's probe of eval, which it does without. */
export const refusals = async (page: Page) =>
  (await page.evaluate(() => (window as unknown as { __refused?: string[] }).__refused ?? [])).filter(
    (refusal) => refusal !== 'script-src eval',
  );

/** Waits until Redoc's script has taken over the prerendered page: React has hydrated its menu. */
export const hydrated = (page: Page) =>
  page.waitForFunction(
    (selector) => {
      const item = document.querySelector(selector);
      return item !== null && Object.keys(item).some((key) => key.startsWith('__reactFiber'));
    },
    MENU_ITEM,
    { timeout: 30_000 },
  );

/** The images of the page that did not load: not complete, or with no pixels. */
export const brokenImages = (page: Page) =>
  page.evaluate(() =>
    [...document.images]
      .filter((image) => !image.complete || image.naturalWidth === 0)
      .map((image) => image.currentSrc || image.src || image.alt),
  );

/** Waits until the element is visible; fails the test when it does not become visible within `timeout` ms. */
export const visible = (locator: Locator, timeout = 10_000) => locator.waitFor({ state: 'visible', timeout });
