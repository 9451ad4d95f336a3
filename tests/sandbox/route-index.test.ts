// GET /_sandbox/: the index that `npm start` links to, without credentials, naming every route the
// sandbox serves; each route it names is served.
import { describe, expect, it } from 'vitest';
import { createSandbox } from 'shipping-api-v3-sandbox';
import { basic } from '../support/basic.ts';

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
});
