// The docs server of `npm start` answers a path that does not decode with 400, and keeps serving; an
// address of the reference written as a path (a reload of /carrier-setup) is its route, any other
// address without a file 404. Under /_try/ it forwards Try it to the sandbox and the mock.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serveDocs, type RunningDocs } from '../../dev/docs/server.ts';
import { DOCS_DIR, NOT_FOUND_PAGE } from '../../dev/paths.ts';
import { freePort } from '../../dev/cli.ts';

let docs: RunningDocs;

beforeAll(async () => {
  docs = await serveDocs({ port: await freePort() });
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

describe("the docs server's proxies for Try it (/_try/<name>/)", () => {
  let proxied: RunningDocs;
  let upstream: http.Server;
  let upstreamUrl: string;
  const seen: Array<{ method: string; url: string; headers: http.IncomingHttpHeaders; body: string }> = [];
  const logged: string[] = [];
  const spies: Array<{ mockRestore: () => void }> = [];

  beforeAll(async () => {
    // An upstream that answers what it received, and the file in chunks, as a sandbox would stream it.
    upstream = http.createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      if (req.url === '/busy') return void res.writeHead(503, { 'retry-after': '0' }).end('busy');
      if (req.url === '/files/big.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        for (let i = 0; i < 50; i++) res.write(`${'x'.repeat(1000)}\n`);
        return void res.end();
      }
      res.writeHead(201, { 'content-type': 'application/json', 'retry-after': '2' }).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    for (const method of ['log', 'info', 'warn', 'error'] as const)
      spies.push(vi.spyOn(console, method).mockImplementation((...args) => void logged.push(args.join(' '))));
    proxied = await serveDocs({
      port: 0,
      tryIt: [
        { name: 'sandbox', label: 'sandbox', baseUrl: `${upstreamUrl}/api/public/v3` },
        { name: 'mock', label: 'mock', baseUrl: 'http://127.0.0.1:9/api/public/v3' },
      ],
    });
  });

  afterAll(async () => {
    for (const spy of spies) spy.mockRestore();
    await proxied?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  it('lists its servers in order, each with its path here and the origin it stands for', async () => {
    const answer = await fetch(`${proxied.url}_try/servers`);
    expect(await answer.json()).toEqual({
      servers: [
        { name: 'sandbox', label: 'sandbox', base: '/_try/sandbox/api/public/v3', upstream: upstreamUrl },
        { name: 'mock', label: 'mock', base: '/_try/mock/api/public/v3', upstream: 'http://127.0.0.1:9' },
      ],
    });
  });

  it('forwards method, path, query, headers and body, and answers with the upstream status and headers; logs nothing', async () => {
    const answer = await fetch(`${proxied.url}_try/sandbox/api/public/v3/shipments?x=1`, {
      method: 'POST',
      headers: {
        authorization: 'Basic c2VjcmV0LXVzZXI6c2VjcmV0LWtleQ==',
        'partner-id': '10042',
        'content-type': 'application/json',
      },
      body: '{"reference":"r"}',
    });
    expect([answer.status, answer.headers.get('retry-after'), await answer.text()]).toEqual([201, '2', '{"ok":true}']);
    const request = seen.at(-1)!;
    expect([request.method, request.url, request.body]).toEqual([
      'POST',
      '/api/public/v3/shipments?x=1',
      '{"reference":"r"}',
    ]);
    expect(request.headers.authorization).toBe('Basic c2VjcmV0LXVzZXI6c2VjcmV0LWtleQ==');
    expect(request.headers['partner-id']).toBe('10042');
    expect(request.headers.host).toBe(new URL(upstreamUrl).host);
    expect(logged.join('\n')).not.toContain('c2VjcmV0');
  });

  it('forwards a body as the page sent it, malformed JSON too, and a 503 as answered, without retrying', async () => {
    const malformed = '{"reference": "r",\n  }';
    const answer = await fetch(`${proxied.url}_try/sandbox/api/public/v3/shipments`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: malformed,
    });
    expect(answer.status).toBe(201);
    expect([seen.at(-1)!.body, seen.at(-1)!.headers['content-length']]).toEqual([malformed, `${malformed.length}`]);
    const before = seen.length;
    const busy = await fetch(`${proxied.url}_try/sandbox/busy`);
    expect([busy.status, await busy.text(), seen.length - before]).toEqual([503, 'busy', 1]);
  });

  it('streams a large answer through whole', async () => {
    const answer = await fetch(`${proxied.url}_try/sandbox/files/big.json`);
    expect((await answer.text()).length).toBe(50 * 1001);
  });

  it('answers 502 naming the server that does not answer, and 404 for a server it does not have', async () => {
    const down = await fetch(`${proxied.url}_try/mock/api/public/v3/setups/carriers`, {
      headers: { authorization: 'Basic c2VjcmV0LXVzZXI6c2VjcmV0LWtleQ==' },
    });
    expect(down.status).toBe(502);
    const text = await down.text();
    expect(text).toContain('http://127.0.0.1:9');
    expect(text).not.toContain('c2VjcmV0');
    const unknown = await fetch(`${proxied.url}_try/staging/api/public/v3/setups/carriers`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('/_try/sandbox/, /_try/mock/');
  });

  it('without servers, forwards nothing: the page learns that no server is proxied', async () => {
    const answer = await fetch(`${docs.url}_try/servers`);
    expect(await answer.json()).toEqual({ servers: [] });
    expect((await fetch(`${docs.url}_try/sandbox/api/public/v3/setups/carriers`)).status).toBe(404);
  });
});
