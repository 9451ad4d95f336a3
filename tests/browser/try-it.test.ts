// Try it in the rendered reference, in Debian's Chromium (playwright-core): the page served by the
// docs server as `npm start` serves it, with the sandbox behind its /_try/sandbox/ proxy; and the
// page built for a hosted sandbox (DOCS_SANDBOX_URL), served from another origin, calling the
// sandbox across origins with its CORS (--cors-origin). Every request outside loopback is blocked,
// and whatever the page's Content-Security-Policy refuses is recorded. Screenshots, light and dark,
// land in test-results/browser/.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from 'shipping-api-v3-sandbox';
import { type RunningDocs, serveDocs } from '../../dev/docs/server.ts';
import { renderDocs } from '../../dev/docs/render.ts';
import { hydrated, refusals, SHOTS, startBrowser } from '../support/harness/browser.ts';
import { tempDirForTests } from '../support/harness/temp.ts';

const KEY = 'k3y-that-must-stay-secret';

let browser: Browser;
let context: BrowserContext;
let blocked: string[];
let sandbox: RunningSandbox;
let docs: RunningDocs;
let page: Page;
const pageErrors: string[] = [];
/** Every address the page asked for. */
const requested: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, generationMs: 1500, minPollMs: 0 });
  docs = await serveDocs({ port: 0, tryIt: [{ name: 'sandbox', label: 'sandbox', baseUrl: sandbox.baseUrl }] });
  ({ browser, context, blocked } = await startBrowser());
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  page = await openReference(context, docs.url);
});

afterAll(async () => {
  await browser?.close();
  await docs?.stop();
  await sandbox?.close();
});

async function openReference(inContext: BrowserContext, url: string): Promise<Page> {
  const opened = await inContext.newPage();
  opened.on('pageerror', (error) => pageErrors.push(error.message));
  opened.on('request', (request) => requested.push(request.url()));
  await opened.goto(url);
  await hydrated(opened);
  return opened;
}

// The tag of each operation, the first segment of its route in the reference.
const TAGS: Record<string, string> = {
  requestCarrierSetup: 'carrier-setup',
  downloadCarrierSetupFile: 'carrier-setup',
  createShipment: 'shipments',
  createSalesOrder: 'sales-orders',
  createImportedShipment: 'imported-shipments',
  createShipmentDraft: 'shipment-drafts',
};

/** The Try it panel of an operation, gone to by its route (Redoc renders a section when it comes into view) and opened. */
async function openPanel(on: Page, operationId: string): Promise<Locator> {
  const panel = on.locator(`section.try-it[data-operation="${operationId}"]`);
  if ((await panel.count()) === 0)
    await on.evaluate((route) => void (location.hash = route), `#/${TAGS[operationId]}/${operationId.toLowerCase()}`);
  await panel.waitFor({ state: 'attached', timeout: 30_000 });
  await panel.scrollIntoViewIfNeeded();
  const toggle = panel.getByRole('button', { name: 'Try it', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return panel;
}

/** Fills in the credentials (any API user of the loopback sandbox is an account of its own). */
async function signIn(panel: Locator, user: string): Promise<void> {
  await panel.getByLabel('API user', { exact: true }).fill(user);
  await panel.getByLabel('API key', { exact: true }).fill(KEY);
}

const statusOf = (panel: Locator) => panel.getByRole('status').first();

/** Calls the sandbox from here (not the page), as the user. */
async function sandboxCall(user: string, route: string, body?: unknown): Promise<any> {
  const answer = await fetch(`${sandbox.origin}${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${user}:${KEY}`).toString('base64')}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return answer.json();
}

describe('Try it, served by the docs server with the sandbox behind its proxy', () => {
  it('is on every operation and the download, with the accessible names of its controls', async () => {
    for (const id of [
      'requestCarrierSetup',
      'downloadCarrierSetupFile',
      'createShipment',
      'createSalesOrder',
      'createImportedShipment',
      'createShipmentDraft',
    ]) {
      const panel = await openPanel(page, id);
      for (const label of ['API user', 'API key', 'Partner-ID'])
        await expect(panel.getByLabel(label, { exact: true }).count(), `${id}: ${label}`).resolves.toBe(1);
      await expect(
        panel.getByLabel(id === 'downloadCarrierSetupFile' ? 'url' : 'Server', { exact: true }).count(),
      ).resolves.toBe(1);
      await expect(panel.getByLabel('Body', { exact: true }).count()).resolves.toBe(id.startsWith('create') ? 1 : 0);
      await expect(panel.getByRole('button', { name: 'Send', exact: true }).count()).resolves.toBe(1);
    }
  });

  it('works by keyboard: Enter opens the panel, Tab reaches its fields and Send, Enter sends', async () => {
    const panel = await openPanel(page, 'createShipmentDraft');
    const toggle = panel.getByRole('button', { name: 'Try it', exact: true });
    await toggle.click();
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle.getAttribute('aria-expanded')).resolves.toBe('true');
    const focusedLabel = () =>
      page.evaluate(() => {
        const active = document.activeElement as HTMLElement | null;
        return active?.id ? document.querySelector(`label[for="${active.id}"]`)?.textContent : active?.textContent;
      });
    const reached: Array<string | null | undefined> = [];
    for (let i = 0; i < 9 && reached.at(-1) !== 'Send'; i++) {
      await page.keyboard.press('Tab');
      reached.push(await focusedLabel());
      if (reached.at(-1) === 'API user') await page.keyboard.type('try-keyboard');
      if (reached.at(-1) === 'API key') await page.keyboard.type(KEY);
    }
    expect(reached).toEqual([
      'Server',
      'sandbox (through this docs server)',
      'API user',
      'API key',
      'Partner-ID',
      'Keep the credentials in this tab (sessionStorage) until it closes',
      'Body',
      'Send',
    ]);
    await page.keyboard.press('Enter');
    await expect.poll(() => statusOf(panel).innerText()).toMatch(/^HTTP 20\d/);
  });

  it('shows the servers it offers without the field in focus, and a choice fills the field', async () => {
    const panel = await openPanel(page, 'createShipment');
    const server = panel.getByLabel('Server', { exact: true });
    const choice = panel
      .getByRole('group', { name: 'Servers this page offers' })
      .getByRole('button', { name: 'sandbox' });
    await expect.poll(() => choice.isVisible()).toBe(true);
    await server.fill('https://elsewhere.example/api/public/v3');
    await panel.getByLabel('API user', { exact: true }).focus();
    await choice.click();
    await expect.poll(() => server.inputValue()).toBe(`${docs.url}_try/sandbox/api/public/v3`);
    await expect(choice.getAttribute('aria-pressed')).resolves.toBe('true');
  });

  it('GET /setups/carriers against the sandbox: 200, the answer shown, and the verdict conforms', async () => {
    const panel = await openPanel(page, 'requestCarrierSetup');
    // The sandbox is offered first, through the docs server's own origin.
    const server = panel.getByLabel('Server', { exact: true });
    await expect.poll(() => server.inputValue()).toBe(`${docs.url}_try/sandbox/api/public/v3`);
    await signIn(panel, 'try-conforms');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => statusOf(panel).innerText()).toMatch(/HTTP 200 in \d+ ms .* conforms/i);
    await expect(panel.locator('.try-it-body-shown').innerText()).resolves.toContain('"status": "REQUESTED"');
    await expect(panel.locator('.try-it-headers').innerText()).resolves.toContain('content-type: application/json');
    const verdict = await panel.getByRole('list', { name: 'Verdict against the contract' }).innerText();
    expect(verdict).toContain('rule 4.1.response');
    expect(verdict).toContain('validates against CarrierSetupStatus');
    expect(verdict).not.toMatch(/^fail/m);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'try-it-light.png') });
  });

  it('polls until COMPLETED, showing each status, then downloads the file in ranges and validates it', async () => {
    const panel = await openPanel(page, 'requestCarrierSetup');
    await signIn(panel, 'try-lifecycle');
    await expect(panel.getByLabel('Poll every (seconds)').inputValue()).resolves.toBe('1');
    await panel.getByRole('button', { name: 'Poll until COMPLETED' }).click();
    const steps = panel.getByRole('list', { name: 'Statuses on the way' });
    await expect.poll(() => steps.innerText(), { timeout: 20_000 }).toMatch(/COMPLETED/);
    const text = await steps.innerText();
    expect(text).toMatch(/HTTP 200 REQUESTED[\s\S]*HTTP 200 COMPLETED/);
    await panel.getByLabel('Download in ranges of (bytes)').fill('700');
    await panel.getByRole('button', { name: 'Download the file' }).click();
    const report = panel.locator('.try-it-file');
    await expect
      .poll(() => report.innerText(), { timeout: 10_000 })
      .toMatch(/validates against the setup file schema/i);
    const expected = await fileOf('try-lifecycle');
    const shown = await report.innerText();
    expect(shown).toMatch(/^HTTP 206(, 206)+ · \d+ bytes/);
    expect(shown).toContain(`${expected.length} carriers`);
    await report.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'try-it-lifecycle.png') });
    // The download operation's own panel has the address filled in.
    const download = await openPanel(page, 'downloadCarrierSetupFile');
    await expect(download.getByLabel('url', { exact: true }).inputValue()).resolves.toMatch(/\/files\//);
  });

  it('shows the problems of a body the validators refuse at their JSON pointer, and sends nothing until asked', async () => {
    const panel = await openPanel(page, 'createShipment');
    await signIn(panel, 'try-refused-body');
    const body = panel.getByLabel('Body', { exact: true });
    // Pre-filled from the operation's example, without the deprecated partner_id.
    const example = JSON.parse(await body.inputValue());
    expect(example.product_code).toBeTypeOf('string');
    expect(example).not.toHaveProperty('partner_id');
    await body.fill(JSON.stringify({ ...example, parcels: [{ ...example.parcels[0], weight: 'heavy' }] }, null, 2));
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    const problems = panel.getByRole('list', { name: 'Problems of the request' });
    await expect.poll(() => problems.innerText()).toContain('/parcels/0/weight');
    expect(await problems.innerText()).toContain('rule 2.3.parcels');
    await expect(statusOf(panel).innerText()).resolves.toMatch(/^Not sent/);
    await problems.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'try-it-body-problems.png') });
    expect(await sandboxCall('try-refused-body', '/_sandbox/attributions')).toEqual({ attributions: [] });
    // On purpose: the server's own answer to the broken body.
    await panel.getByRole('button', { name: 'Send anyway' }).click();
    await expect.poll(() => statusOf(panel).innerText()).toMatch(/HTTP 422/);
    expect(await panel.locator('.try-it-body-shown').innerText()).toContain('/parcels/0/weight');
  });

  it('sends Partner-ID as the header, never in the body, and the sandbox stores it from the header', async () => {
    const panel = await openPanel(page, 'createShipment');
    await signIn(panel, 'try-partner');
    await panel.getByLabel('Partner-ID', { exact: true }).fill('10042');
    const body = panel.getByLabel('Body', { exact: true });
    await body.fill(JSON.stringify({ reference: 'try-partner' }));
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => statusOf(panel).innerText()).toMatch(/HTTP 20\d .* not judged/i);
    expect(await panel.getByRole('list', { name: 'Verdict against the contract' }).innerText()).toContain(
      'rule 4.3.response',
    );
    const { attributions } = await sandboxCall('try-partner', '/_sandbox/attributions');
    expect(attributions).toMatchObject([{ partnerId: 10042, source: 'header' }]);
    await panel.getByLabel('Partner-ID', { exact: true }).fill('');
  });

  it('a sandbox fault (429) shows the status and the rule judgement: not judged, the shape is open', async () => {
    await sandboxCall('try-throttled', '/_sandbox/faults', { fault: 'throttle', count: 1, retryAfterSeconds: 7 });
    const panel = await openPanel(page, 'requestCarrierSetup');
    await signIn(panel, 'try-throttled');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => statusOf(panel).innerText()).toMatch(/HTTP 429 .* not judged/i);
    const verdict = await panel.getByRole('list', { name: 'Verdict against the contract' }).innerText();
    expect(verdict).toMatch(/not judged rule 7\.errors-not-shown/);
    expect(verdict).not.toMatch(/^pass rule 7/m);
    expect(await panel.locator('.try-it-headers').innerText()).toContain('retry-after: 7');
  });

  it('refuses an origin the page was not built to reach, with a clear message, and sends nothing there', async () => {
    const panel = await openPanel(page, 'requestCarrierSetup');
    await signIn(panel, 'try-elsewhere');
    const server = panel.getByLabel('Server', { exact: true });
    const before = await server.inputValue();
    await server.fill('http://127.0.0.1:9/api/public/v3');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(() => statusOf(panel).innerText())
      .toBe(
        `Refused: http://127.0.0.1:9 is not an origin this page was built to reach, so nothing was sent. It reaches ${docs.url.replace(/\/$/, '')}. A published site names its hosted sandbox when it is built (DOCS_SANDBOX_URL, see docs/try-it.md).`,
      );
    expect(requested.filter((url) => url.startsWith('http://127.0.0.1:9/'))).toEqual([]);
    await server.fill(before);
  });

  it('keeps the key in no URL, no localStorage, no snippet; in sessionStorage only while the box is ticked', async () => {
    const panel = await openPanel(page, 'createShipment');
    await signIn(panel, 'try-secret');
    // Nine digits, which no port of the snippet's URL can hold.
    await panel.getByLabel('Partner-ID', { exact: true }).fill('918273645');
    await panel.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => statusOf(panel).innerText()).toMatch(/HTTP 20\d/);
    const snippets: string[] = [];
    for (const name of ['Copy as curl', 'Copy as TypeScript']) {
      await panel.getByRole('button', { name }).click();
      await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).not.toBe(snippets.at(-1) ?? '');
      snippets.push(await page.evaluate(() => navigator.clipboard.readText()));
    }
    expect(snippets[0]).toContain('curl -u "$SHIPPING_USER:$SHIPPING_API_KEY" -X POST');
    expect(snippets[0]).toContain('-H "Partner-ID: $SHIPPING_PARTNER_ID"');
    expect(snippets[1]).toContain('createShippingClient({');
    expect(snippets[1]).toContain('apiKey: process.env.SHIPPING_API_KEY!');
    for (const snippet of snippets) {
      expect(snippet).not.toContain(KEY);
      expect(snippet).not.toContain(Buffer.from(`try-secret:${KEY}`).toString('base64'));
      expect(snippet).not.toContain('918273645');
    }
    const stored = () =>
      page.evaluate(() => ({
        href: location.href,
        local: JSON.stringify({ ...localStorage }),
        session: JSON.stringify({ ...sessionStorage }),
      }));
    let seen = await stored();
    expect(seen.href).not.toContain(KEY);
    expect(seen.local).not.toContain(KEY);
    expect(seen.session).not.toContain(KEY);
    expect(requested.filter((url) => url.includes(KEY) || url.includes('try-secret'))).toEqual([]);
    const box = panel.getByLabel('Keep the credentials in this tab (sessionStorage) until it closes');
    await box.check();
    seen = await stored();
    expect(seen.session).toContain(KEY);
    expect(seen.local).not.toContain(KEY);
    await box.uncheck();
    expect((await stored()).session).not.toContain(KEY);
  });

  it('at 420 px: no floating control covers a field of the panel, wherever it is scrolled', async () => {
    const narrow = await browser.newContext({ viewport: { width: 420, height: 900 } });
    try {
      const small = await openReference(narrow, `${docs.url}#/carrier-setup/requestcarriersetup`);
      const panel = await openPanel(small, 'requestCarrierSetup');
      // Each field scrolled to every height of the window in turn: whatever is drawn on top at its
      // ends and centre must be the field itself (Redoc's menu button floats at the bottom right).
      const covered = await panel.evaluate((root) =>
        [...root.querySelectorAll('input:not([type="checkbox"]), textarea')].flatMap((control) => {
          const found = new Set<string>();
          for (let at = 40; at < innerHeight - 20; at += 20) {
            scrollBy(0, control.getBoundingClientRect().top - at);
            const box = control.getBoundingClientRect();
            const y = Math.min(box.top + 10, innerHeight - 1);
            for (const x of [box.left + 4, box.left + box.width / 2, box.right - 4]) {
              const top = document.elementFromPoint(x, y);
              if (top && top !== control && !control.contains(top))
                found.add(`${root.querySelector(`label[for="${control.id}"]`)?.textContent} under ${top.tagName}`);
            }
          }
          return [...found];
        }),
      );
      const server = panel.getByLabel('Server', { exact: true });
      await server.scrollIntoViewIfNeeded();
      await server.evaluate((el) => scrollBy(0, el.getBoundingClientRect().top - 800));
      await small.screenshot({ path: path.join(SHOTS, 'try-it-420.png') });
      expect(covered).toEqual([]);
    } finally {
      await narrow.close();
    }
  });

  it('the page in dark mode', async () => {
    const dark = await browser.newContext({ viewport: { width: 1400, height: 1000 }, colorScheme: 'dark' });
    try {
      const darkPage = await openReference(dark, `${docs.url}#/carrier-setup/requestcarriersetup`);
      const panel = await openPanel(darkPage, 'requestCarrierSetup');
      await signIn(panel, 'try-dark');
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => statusOf(panel).innerText()).toMatch(/HTTP 200/);
      expect(await darkPage.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      // The footer's logo, dark text in an image, is inverted on the dark badge (light in light mode).
      const logoFilter = (on: Page) =>
        on.evaluate(() => {
          const logo = document.querySelector('img[alt="redocly logo"]');
          return logo ? getComputedStyle(logo).filter : 'no logo';
        });
      await expect.poll(() => logoFilter(darkPage)).toBe('invert(1)');
      await expect(logoFilter(page)).resolves.toBe('none');
      await panel.scrollIntoViewIfNeeded();
      await darkPage.screenshot({ path: path.join(SHOTS, 'try-it-dark.png') });
      expect(await refusals(darkPage)).toEqual([]);
    } finally {
      await dark.close();
    }
  });

  it("the page's Content-Security-Policy, scripts by hash only, blocks no script of the page, and nothing left loopback", async () => {
    const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
    // Every source of script-src is a hash: no 'unsafe-inline', no 'unsafe-eval', no origin.
    expect(policy).toMatch(/script-src( 'sha256-[A-Za-z0-9+/=]+')+;/);
    expect(policy).toContain("connect-src 'self' blob: data:");
    expect(await refusals(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(blocked).toEqual([]);
  });
});

/** The file at the user's COMPLETED status's address, as the sandbox serves it. */
async function fileOf(user: string): Promise<unknown[]> {
  const status = await sandboxCall(user, '/api/public/v3/setups/carriers');
  return sandboxCall(user, new URL(status.url).pathname);
}

describe('Try it on a published site that names a hosted sandbox (DOCS_SANDBOX_URL)', () => {
  let hosted: RunningSandbox;
  let site: http.Server;
  let siteUrl: string;
  const dir = tempDirForTests('try-it-site-');

  beforeAll(async () => {
    // The site's origin first, since the sandbox answers CORS for it.
    site = http.createServer((_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(readFileSync(path.join(dir, 'index.html'))),
    );
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    // Its default pace: polls closer than a second apart are throttled.
    hosted = await startSandbox({ port: 0, generationMs: 0, minPollMs: 1000, corsOrigin: siteUrl });
    await renderDocs(path.join(dir, 'index.html'), hosted.baseUrl);
  });

  afterAll(async () => {
    site?.closeAllConnections();
    await new Promise((resolve) => site?.close(resolve));
    await hosted?.close();
  });

  it('allows exactly that origin in connect-src, offers it, and calls it across origins with its CORS', async () => {
    const published = await openReference(context, `${siteUrl}/`);
    try {
      const policy = await published.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
      expect(policy).toContain(`connect-src 'self' blob: data: ${hosted.origin}`);
      const panel = await openPanel(published, 'requestCarrierSetup');
      await expect.poll(() => panel.getByLabel('Server', { exact: true }).inputValue()).toBe(hosted.baseUrl);
      await signIn(panel, 'try-hosted');
      await panel.getByRole('button', { name: 'Send', exact: true }).click();
      await expect.poll(() => statusOf(panel).innerText()).toMatch(/HTTP 200 .* conforms/i);
      // The lifecycle across origins: the file's address is on the sandbox's origin, and its byte
      // ranges need the Content-Range the sandbox exposes to the page.
      // Right after Send: the first poll keeps the interval from Send's answer, so it is not throttled.
      await panel.getByRole('button', { name: 'Poll until COMPLETED' }).click();
      const statuses = panel.getByRole('list', { name: 'Statuses on the way' });
      await expect
        .poll(() => statuses.innerText(), { timeout: 20_000 })
        .toContain(`The file is at ${hosted.origin}/files/`);
      await expect(statuses.innerText()).resolves.not.toContain('HTTP 429');
      await panel.getByLabel('Download in ranges of (bytes)').fill('2000');
      await panel.getByRole('button', { name: 'Download the file' }).click();
      await expect
        .poll(() => panel.locator('.try-it-file').innerText(), { timeout: 10_000 })
        .toMatch(/^HTTP 206, 206, 206 · \d+ bytes · 2 carriers · validates against the setup file schema$/i);
      expect(await refusals(published)).toEqual([]);
    } finally {
      await published.close();
    }
  });
});
