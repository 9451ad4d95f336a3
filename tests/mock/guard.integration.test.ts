// The mock never hangs: a body that is not JSON, one over the size limit, and one of another
// Content-Type each get a prompt 4xx with a readable reason; everything else reaches Prism.
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_LIMIT } from '../../dev/mock/guard.ts';
import { type SharedMock, sharedMock } from '../support/harness/mock.ts';
import { basic } from '../support/fixtures/basic.ts';

const AUTH = basic('u', 'k');
let mock: SharedMock;

beforeAll(async () => {
  mock = await sharedMock();
});

/** POSTs a body and gives up after a second: a request that gets no answer by then is a hang. */
async function post(contentType: string | undefined, body: string) {
  const response = await fetch(`${mock.baseUrl}/shipments`, {
    method: 'POST',
    headers: { authorization: AUTH, ...(contentType ? { 'content-type': contentType } : {}) },
    body,
    signal: AbortSignal.timeout(1000),
  });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
}

describe('the mock answers at once', () => {
  it('a body that is not JSON: 400, with where JSON.parse stopped', async () => {
    const answer = await post('application/json', '{"product_code":');
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^application\/problem\+json/);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 400,
      title: 'Bad Request',
      detail: expect.stringMatching(/^The request body is not valid JSON: .+/),
    });
  });

  it('a body over the size limit: 413, naming the limit', async () => {
    const answer = await post('application/json', `"${'x'.repeat(DEFAULT_BODY_LIMIT)}"`);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 413,
      detail: `The request body is larger than ${DEFAULT_BODY_LIMIT} bytes, the limit of this mock.`,
    });
  });

  it('a body of another Content-Type: 415, naming the type', async () => {
    const answer = await post('text/plain', '{"product_code":');
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.body)).toMatchObject({
      status: 415,
      detail: 'Content-Type "text/plain" is not accepted: every request body of this API is application/json.',
    });
  });

  it('a well-formed body still reaches Prism', async () => {
    const answer = await post('application/json; charset=utf-8', '{}');
    expect(answer.status).toBe(200);
    const status = await fetch(`${mock.baseUrl}/setups/carriers`, {
      headers: { authorization: AUTH, prefer: 'example=completed' },
      signal: AbortSignal.timeout(5000),
    });
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({ status: 'COMPLETED' });
  });
});

describe('a request without Accept', () => {
  // fetch always sends Accept; a bare HTTP client, a load tool or a shell script may not.
  const bare = (path: string, method: string, headers: Record<string, string>, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const sent = request(
        `${mock.url}${path}`,
        { method, headers: { authorization: AUTH, ...headers }, timeout: 1000 },
        (response) => {
          response.resume();
          resolve(response.statusCode!);
        },
      );
      sent.on('error', reject);
      sent.end(body);
    });

  it('is answered as if it accepted any media type: a creation and the 206 slice', async () => {
    const shipment = JSON.stringify({
      product_code: 'dp_pickup_point',
      sender: { country_code: 'DK' },
      receiver: { country_code: 'DK' },
    });
    expect(await bare('/api/public/v3/shipments', 'POST', { 'content-type': 'application/json' }, shipment)).toBe(200);
    expect(await bare('/carrier-setup-file', 'GET', { prefer: 'code=206, example=firstSlice' })).toBe(206);
  });
});

describe('the base path', () => {
  it('serves the API under /api/public/v3, like the sandbox and the service, and names it for a path without it', async () => {
    const under = await fetch(`${mock.baseUrl}/setups/carriers`, { headers: { authorization: AUTH } });
    expect(under.status).toBe(200);
    const without = await fetch(`${mock.url}/setups/carriers`, { headers: { authorization: AUTH } });
    expect(without.status).toBe(404);
    expect(((await without.json()) as { detail: string }).detail).toContain('GET /api/public/v3/setups/carriers');
  });
});
