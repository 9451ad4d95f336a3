// The docs server of `npm start` answers a path that does not decode with 400, and keeps serving; an
// address of the reference written as a path (a reload of /carrier-setup) is its route, any other
// address without a file 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { serveDocs, type RunningDocs } from '../../dev/docs-server.ts';
import { DOCS_DIR, NOT_FOUND_PAGE } from '../../dev/paths.ts';
import { freePort } from '../../dev/cli.ts';

let docs: RunningDocs;

beforeAll(async () => {
  docs = await serveDocs(await freePort());
});

afterAll(async () => {
  await docs?.stop();
});

describe('the docs server', () => {
  it('answers /% with 400 naming the path, then still serves the page', async () => {
    const bad = await fetch(`${docs.url}%`, { signal: AbortSignal.timeout(5000) });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('Not a valid path: /%\n');
    const page = await fetch(docs.url, { signal: AbortSignal.timeout(5000) });
    expect(page.status).toBe(200);
  });

  it('keeps requests inside docs/', async () => {
    expect((await fetch(`${docs.url}..%2f..%2fpackage.json`)).status).toBe(403);
  });

  it('answers a reload of /carrier-setup, an address of the reference, with the reference at that route', async () => {
    const reload = await fetch(`${docs.url}carrier-setup`, { redirect: 'manual' });
    expect([reload.status, reload.headers.get('location')]).toEqual([302, '/#/carrier-setup']);
    const followed = await fetch(`${docs.url}carrier-setup`);
    expect([followed.status, followed.url]).toEqual([200, `${docs.url}`]);
    expect(await followed.text()).toContain('<div id="redoc">');
    // An operation, a guide's section, a trailing slash.
    for (const [address, route] of [
      ['carrier-setup/downloadcarriersetupfile', '/carrier-setup/downloadcarriersetupfile'],
      ['section/guides/cli.html', '/section/guides/cli.html'],
      ['shipments/', '/shipments'],
    ]) {
      const answer = await fetch(`${docs.url}${address}`, { redirect: 'manual' });
      expect([answer.status, answer.headers.get('location')], address).toEqual([302, `/#${route}`]);
    }
  });

  it('answers any other address without a file 404, with the page a static host answers', async () => {
    for (const address of ['no-such-page', 'carrier-setupx', 'guides/carrier-setup', 'missing.html']) {
      const answer = await fetch(`${docs.url}${address}`, { redirect: 'manual' });
      expect(answer.status, address).toBe(404);
      expect(await answer.text()).toBe(readFileSync(path.join(DOCS_DIR, NOT_FOUND_PAGE), 'utf8'));
    }
  });
});
