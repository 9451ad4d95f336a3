// The guide pages in a real browser: Debian's Chromium, driven by playwright-core, opens every
// docs/<guide>.html from disk with every request outside file:// and loopback blocked. Each names the
// product and its version as the reference does and links every other page; a broken image, anything
// the page's own Content-Security-Policy refuses, or a script error fails the test; every code block
// copies its text; the text uses the window at a desktop's width and a phone's. (The reference and
// its menu of the guides: reference.test.ts.)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pageTitle, productName } from '../../openapi/plugins/pages.js';
import { DOCS_DIR, pageSources } from '../../dev/docs/pages.ts';
import { BUNDLE_YAML, root } from '../../dev/paths.ts';
import {
  blockOutside,
  brokenImages,
  recordRefusals,
  refusals,
  SHOTS,
  startBrowser,
  visible,
} from '../support/harness/browser.ts';

const read = (page: string) => readFileSync(path.join(DOCS_DIR, page), 'utf8');

// "Shipping Service Public API v3 (contract 5.0.0)": every page's title, as the reference's heading.
const product = productName(parse(readFileSync(BUNDLE_YAML, 'utf8')));

let browser: Browser;
let context: BrowserContext;
let blocked: string[];

beforeAll(async () => {
  ({ browser, context, blocked } = await startBrowser());
});

afterAll(async () => {
  await browser?.close();
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
