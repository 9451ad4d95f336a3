// The docs server of `npm start` answers a path that does not decode with 400, and keeps serving.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDocs, type RunningDocs } from '../../dev/docs-server.ts';
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
});
