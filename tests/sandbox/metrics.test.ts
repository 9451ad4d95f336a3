// GET /_sandbox/metrics over HTTP without credentials: Prometheus's text format, requests counted by
// route template, method and status with their latency, generations started and store errors, the
// process's own metrics; each sandbox its own counts, and no credential, user name, Partner ID or
// file address in any label.
import { afterEach, describe, expect, it } from 'vitest';
import { basic, closeSandboxes, post, sandbox, sandboxFetch, untilCompleted } from '../support/harness/sandbox.ts';

afterEach(closeSandboxes);

const scrape = async (origin: string) => {
  const response = await sandboxFetch(`${origin}/_sandbox/metrics`);
  expect(response.status).toBe(200);
  return { text: await response.text(), contentType: response.headers.get('content-type') };
};

/** The value of the sample `name{labels}` exactly as written, or undefined when there is none. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('GET /_sandbox/metrics', () => {
  it('answers the Prometheus text format without credentials, with the process metrics', async () => {
    const { origin } = await sandbox();
    const { text, contentType } = await scrape(origin);
    expect(contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      'sandbox_http_requests_total',
      'sandbox_http_request_duration_seconds',
      'sandbox_generations_started_total',
      'sandbox_store_errors_total',
      'process_cpu_user_seconds_total',
      'nodejs_eventloop_lag_seconds',
    ]) {
      expect(text, name).toMatch(new RegExp(`^# TYPE ${name} `, 'm'));
    }
    // Every line is a comment, a sample `name{labels} value` (prom-client writes NaN as Nan), or empty.
    for (const line of text.split('\n')) {
      expect(line).toMatch(/^(#.*|[a-zA-Z_:][a-zA-Z0-9_:]*(\{.*\})? (-?[0-9.e+-]+|[+-]?Inf|NaN|Nan)|)$/);
    }
  });

  it('counts requests by route template, method and status, with their latency in seconds', async () => {
    const user = 'metrics-user';
    const { origin, baseUrl } = await sandbox({ generationMs: 0 });
    const { completed } = await untilCompleted(baseUrl, user, 0);
    const file = await sandboxFetch(completed.url, { headers: { authorization: basic(user, 'metrics-key') } });
    expect(file.status).toBe(200);
    await file.arrayBuffer();
    const sent = performance.now();
    const created = await post(`${baseUrl}/shipments`, { reference: 'metrics' }, { 'Partner-ID': '77123' }, user);
    const roundTrip = (performance.now() - sent) / 1000;
    expect(created.status).toBe(201);
    expect((await post(`${baseUrl}/shipments`, { reference: 5 }, {}, user)).status).toBe(422);
    expect((await sandboxFetch(`${baseUrl}/setups/carriers`)).status).toBe(401);
    expect((await sandboxFetch(`${origin}/no/such/path`)).status).toBe(404);
    expect((await sandboxFetch(`${origin}/_sandbox/health/live`, { method: 'HEAD' })).status).toBe(200);

    const { text } = await scrape(origin);
    const requests = (labels: string) => sample(text, `sandbox_http_requests_total{${labels}}`);
    const latency = 'sandbox_http_request_duration_seconds';
    expect(requests('method="GET",route="/api/public/v3/setups/carriers",status="200"')).toBe(2);
    expect(requests('method="GET",route="/api/public/v3/setups/carriers",status="401"')).toBe(1);
    expect(requests('method="GET",route="/files/:hash/:name",status="200"')).toBe(1);
    expect(requests('method="POST",route="/api/public/v3/shipments",status="201"')).toBe(1);
    expect(requests('method="POST",route="/api/public/v3/shipments",status="422"')).toBe(1);
    expect(requests('method="GET",route="(unmatched)",status="404"')).toBe(1);
    // The HEAD twin Fastify adds to a GET route counts once, under its own method.
    expect(requests('method="HEAD",route="/_sandbox/health/live",status="200"')).toBe(1);
    expect(sample(text, `${latency}_sum{method="GET",route="(unmatched)",status="404"}`)).toBeGreaterThan(0);

    const shipments = 'method="POST",route="/api/public/v3/shipments",status="201"';
    expect(sample(text, `${latency}_count{${shipments}}`)).toBe(1);
    // In seconds: more than nothing, and less than the round trip the client saw.
    const seconds = sample(text, `${latency}_sum{${shipments}}`)!;
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(roundTrip);
    // Buckets from a tenth of a millisecond to a second.
    expect(sample(text, `${latency}_bucket{le="0.0001",${shipments}}`)).toBeDefined();
    expect(sample(text, `${latency}_bucket{le="1",${shipments}}`)).toBe(1);

    // No label holds the credentials, the user name, the Partner ID or the address of the file.
    const { pathname } = new URL(completed.url);
    for (const secret of [user, 'metrics-key', basic(user, 'metrics-key').slice(6), '77123', pathname]) {
      expect(text).not.toContain(secret);
    }
  });

  it('keeps the counts of each sandbox in one process apart', async () => {
    const one = await sandbox();
    const two = await sandbox();
    for (let i = 0; i < 3; i += 1) await sandboxFetch(`${one.origin}/_sandbox/health/live`);
    const live = 'sandbox_http_requests_total{method="GET",route="/_sandbox/health/live",status="200"}';
    expect(sample((await scrape(one.origin)).text, live)).toBe(3);
    expect(sample((await scrape(two.origin)).text, live)).toBeUndefined();
  });

  it('counts generations started and store errors as the lifecycle and the store report them', async () => {
    const { origin, baseUrl } = await sandbox();
    // A generation starts at each account's first poll, not at the next one.
    for (const user of ['first', 'second', 'first']) {
      const polled = await sandboxFetch(`${baseUrl}/setups/carriers`, { headers: { authorization: basic(user) } });
      await polled.body?.cancel();
    }
    expect(sample((await scrape(origin)).text, 'sandbox_generations_started_total')).toBe(2);
    // A store that cannot be reached (nothing listens on port 1): the request fails, and is counted.
    const down = await sandbox({ store: 'redis://127.0.0.1:1', logLevel: 'silent', storeWaitMs: 50 });
    const refused = await sandboxFetch(`${down.baseUrl}/setups/carriers`, {
      headers: { authorization: basic('first') },
    });
    expect(refused.status).toBe(503);
    await refused.body?.cancel();
    const { text } = await scrape(down.origin);
    expect(sample(text, 'sandbox_store_errors_total')).toBe(1);
    expect(sample(text, 'sandbox_generations_started_total')).toBe(0);
  });
});
