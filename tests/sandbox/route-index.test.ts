// GET /_sandbox/: the index that `npm start` links to, without credentials, naming every route the
// sandbox serves; each route it names is served. The /_sandbox routes are those of the sandbox's
// document, with its summaries and the credentials it asks for.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createSandbox } from 'shipping-api-v3-sandbox';
import { basic } from '../support/fixtures/basic.ts';

/** The sandbox's own document, as the package publishes it. */
const document = JSON.parse(readFileSync(new URL('../../packages/sandbox/openapi.json', import.meta.url), 'utf8')) as {
  security: unknown[];
  paths: Record<string, Record<string, { operationId: string; summary: string; security?: unknown[] }>>;
};

describe('GET /_sandbox/', () => {
  const app = createSandbox({ generationMs: 0, minPollMs: 0, origin: 'http://127.0.0.1:4020' });

  it.each(['/_sandbox/', '/_sandbox'])('%s answers the index without credentials', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    const index = response.json();
    expect(index.baseUrl).toBe('http://127.0.0.1:4020/api/public/v3');
    expect(index.routes.map((r: { method: string; path: string }) => `${r.method} ${r.path}`)).toContain(
      'GET /api/public/v3/setups/carriers',
    );
  });

  it('names the health checks and the metrics, which need no credentials either', async () => {
    const { routes } = (await app.inject({ method: 'GET', url: '/_sandbox/' })).json() as {
      routes: { method: string; path: string; description: string }[];
    };
    const named = routes.map((r) => `${r.method} ${r.path}`);
    for (const route of ['GET /_sandbox/health/live', 'GET /_sandbox/health/ready', 'GET /_sandbox/metrics']) {
      expect(named).toContain(route);
      const response = await app.inject({ method: 'GET', url: route.slice('GET '.length) });
      expect(response.statusCode, route).toBe(200);
    }
  });

  it('names only routes the sandbox serves', async () => {
    const { routes } = (await app.inject({ method: 'GET', url: '/_sandbox/' })).json() as {
      routes: { method: string; path: string; description: string }[];
    };
    expect(routes.length).toBeGreaterThanOrEqual(10);
    // Every route the sandbox serves is named, and says what it is for.
    expect(routes.filter((r) => !r.description)).toEqual([]);
    for (const { method, path } of routes) {
      const url = path.replace(':hash', 'h').replace(':name', 't.json');
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: basic('index-user', 'key') },
      });
      // A route the sandbox does not serve is the not-found problem naming the route.
      expect(response.body, `${method} ${url}`).not.toMatch(/No route /);
    }
  });

  it("serves every operation of the sandbox's document, and no other /_sandbox route, asking credentials as it says", async () => {
    const { routes } = (await app.inject({ method: 'GET', url: '/_sandbox/' })).json() as {
      routes: { method: string; path: string; description: string }[];
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/_sandbox'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), path, ...operation })),
      );
    const listed = (op: { method: string; path: string }) => `${op.method} ${op.path}`;
    expect(
      routes
        .filter((r) => r.path.startsWith('/_sandbox'))
        .map(listed)
        .sort(),
    ).toEqual(
      operations
        .filter((op) => op.path !== '/_sandbox')
        .map(listed)
        .sort(),
    );
    for (const op of operations) {
      if (op.path !== '/_sandbox') expect(routes.find((r) => listed(r) === listed(op))?.description).toBe(op.summary);
      const response = await app.inject({ method: op.method as 'GET', url: op.path });
      const secured = (op.security ?? document.security).length > 0;
      expect(response.statusCode === 401, `${op.operationId} without credentials`).toBe(secured);
    }
  });

  // The API's operations, as the sandbox answers them, are described for the sandbox's workflows;
  // each is a route of the API, served with credentials, and not registered a second time.
  it("describes the API's operations the workflows call, each a route the sandbox serves under /api/public/v3", async () => {
    const { routes } = (await app.inject({ method: 'GET', url: '/_sandbox/' })).json() as {
      routes: { method: string; path: string }[];
    };
    const api = Object.entries(document.paths)
      .filter(([path]) => !path.startsWith('/_sandbox'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`));
    expect(api.sort()).toEqual([
      'GET /api/public/v3/setups/carriers',
      'POST /api/public/v3/imported_shipments',
      'POST /api/public/v3/sales_orders',
      'POST /api/public/v3/shipment_drafts',
      'POST /api/public/v3/shipments',
    ]);
    const served = routes.map((r) => `${r.method} ${r.path}`);
    for (const route of api) {
      expect(served.filter((r) => r === route)).toHaveLength(1);
      const [method, url] = route.split(' ');
      expect((await app.inject({ method: method as 'GET', url })).statusCode, route).toBe(401);
    }
  });
});
