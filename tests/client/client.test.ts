import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { ShippingError } from 'shipping-api-v3-contract/errors';
import { checkShipment, createShippingClient, fetchCarrierSetup, ShippingApiError } from 'shipping-api-v3-client';
import { closeAll, json, startServer } from '../support/harness/servers.ts';
import { exampleSetupFile } from '../../dev/fixtures/setup-file.ts';

const username = 'api-user-7731';
const apiKey = 'k3y-SECRET-5f0a9c';
const encoded = Buffer.from(`${username}:${apiKey}`).toString('base64');

afterEach(closeAll);

function construct(options: Record<string, unknown>): ShippingApiError {
  try {
    createShippingClient({ baseUrl: 'https://shipping.example/api/public/v3', username, apiKey, ...options } as never);
  } catch (error) {
    expect(error).toBeInstanceOf(ShippingApiError);
    return error as ShippingApiError;
  }
  throw new Error('createShippingClient accepted the options');
}

describe('createShippingClient', () => {
  it('sends Authorization: Basic and Partner-ID on every request', async () => {
    const api = await startServer((_, response) => json(response, 200, {}));
    const client = createShippingClient({ baseUrl: `${api.origin}/api/public/v3`, username, apiKey, partnerId: 10042 });
    await client.POST('/shipments', { body: { product_code: 'dp_parcel' } });
    await client.POST('/shipment_drafts', { body: {} });
    expect(api.received.map((r) => [r.method, r.path, r.headers.authorization, r.headers['partner-id']])).toEqual([
      ['POST', '/api/public/v3/shipments', `Basic ${encoded}`, '10042'],
      ['POST', '/api/public/v3/shipment_drafts', `Basic ${encoded}`, '10042'],
    ]);
  });

  it('sends no Partner-ID without partnerId', async () => {
    const api = await startServer((_, response) => json(response, 200, {}));
    const client = createShippingClient({ baseUrl: `${api.origin}/api/public/v3`, username, apiKey });
    await client.POST('/sales_orders', { body: { order_id: '1' } });
    expect(api.received[0]?.headers['partner-id']).toBeUndefined();
    expect(api.received[0]?.headers.authorization).toBe(`Basic ${encoded}`);
  });

  it('[5.1.2] encodes credentials as UTF-8 before Base64 (RFC 7617)', async () => {
    const api = await startServer((_, response) => json(response, 200, {}));
    const client = createShippingClient({ baseUrl: api.origin, username: 'søren', apiKey: 'nøgle' });
    await client.POST('/shipment_drafts', { body: {} });
    expect(api.received[0]?.headers.authorization).toBe(
      `Basic ${Buffer.from('søren:nøgle', 'utf8').toString('base64')}`,
    );
  });

  it.each([Number.NaN, Number.POSITIVE_INFINITY, '10042', null, 10042n])(
    'refuses partnerId %s, naming the field',
    (partnerId) => {
      const error = construct({ partnerId });
      expect(error).toMatchObject({ code: 'INVALID_OPTIONS', option: 'partnerId', operation: 'createShippingClient' });
      expect(error.message).toMatch(/^partnerId must be a finite number/);
    },
  );

  // The contract says only "number": whether a Partner ID is whole, and its range, are open.
  it.each([
    [10042, '10042'],
    [1.5, '1.5'],
    [0, '0'],
  ])('sends partnerId %s as Partner-ID %s', async (partnerId, header) => {
    const api = await startServer((_, response) => json(response, 200, {}));
    const client = createShippingClient({ baseUrl: api.origin, username: 'user', apiKey: 'key', partnerId });
    await client.POST('/shipment_drafts', { body: {} });
    expect(api.received[0]?.headers['partner-id']).toBe(header);
  });

  it.each(['http://shipping.example/api/public/v3', 'http://10.0.0.7/api/public/v3', 'ftp://shipping.example/'])(
    'refuses the non-HTTPS baseUrl %s',
    (baseUrl) => {
      const error = construct({ baseUrl });
      expect(error).toMatchObject({ code: 'INVALID_OPTIONS', option: 'baseUrl' });
      expect(error.message).toMatch(/^baseUrl must use HTTPS/);
    },
  );

  it.each([
    'http://127.0.0.1:4010',
    'http://localhost:8080/api/public/v3',
    'http://[::1]:4010',
    'https://shipping.example/api/public/v3',
  ])('accepts the baseUrl %s', (baseUrl) => {
    expect(() => createShippingClient({ baseUrl, username, apiKey })).not.toThrow();
  });

  it.each([
    [{ baseUrl: 'not a url' }, /^baseUrl is not an absolute URL/],
    [{ baseUrl: 42 }, /^baseUrl must be a string/],
    [{ baseUrl: 'https://shipping.example/?a=1' }, /^baseUrl must not have a query/],
    [{ baseUrl: `https://${username}:${apiKey}@shipping.example/` }, /^baseUrl must not carry credentials/],
    [{ username: '' }, /^username must be a non-empty string/],
    [{ username: 'a:b' }, /^username must not contain ":"/],
    [{ apiKey: undefined }, /^apiKey must be a non-empty string/],
    [{ fetch: 'fetch' }, /^fetch must be a function/],
  ])('refuses %o with a message and an option field that name the field', (options, message) => {
    const error = construct(options);
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS', option: Object.keys(options)[0] });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(apiKey);
  });

  it.each([
    [
      ['https://files.example/setups'],
      /^credentialOrigins\[0\] must be an origin such as "https:\/\/files.shipping.example", with no path, query or credentials \(got "https:\/\/files.example\/setups"\)/,
    ],
    [['https://files.example', 'not a url'], /^credentialOrigins\[1\] must be an origin .*\(got "not a url"\)/],
    [
      [`https://${username}:${apiKey}@files.example`],
      /^credentialOrigins\[0\] must be an origin .*\(got an address with credentials\)/,
    ],
    [[42], /^credentialOrigins\[0\] must be an origin .*\(got number\)/],
    [['http://files.example'], /^credentialOrigins\[0\] must use HTTPS \(got http:\/\/files.example\)/],
    ['https://files.example', /^credentialOrigins must be an array of origins/],
  ])('refuses credentialOrigins %o, naming the entry', (credentialOrigins, message) => {
    const error = construct({ credentialOrigins });
    expect(error).toMatchObject({ code: 'INVALID_OPTIONS', option: 'credentialOrigins' });
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain(apiKey);
  });

  it('accepts credentialOrigins of HTTPS origins and of loopback origins over HTTP', () => {
    expect(() =>
      construct({
        credentialOrigins: ['https://files.example', 'https://files.example:8443/', 'http://127.0.0.1:9000'],
      }),
    ).toThrow('accepted the options');
  });

  it('sends every request through the fetch option: the API calls and the file download', async () => {
    const file = exampleSetupFile();
    const api = await startServer((request, response) =>
      request.path.endsWith('/setups/carriers')
        ? json(response, 200, {
            status: 'COMPLETED',
            expires_at: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z'),
            url: `${api.origin}/files/setup.json`,
          })
        : json(response, 200, file),
    );
    const seen: string[] = [];
    const client = createShippingClient({
      baseUrl: `${api.origin}/api/public/v3`,
      username,
      apiKey,
      fetch: async (request) => {
        seen.push(
          `${request.method} ${new URL(request.url).pathname} ${request.headers.get('authorization') === `Basic ${encoded}`}`,
        );
        return fetch(request);
      },
    });
    await client.POST('/shipment_drafts', { body: {} });
    expect(await fetchCarrierSetup(client, { pollIntervalMs: 5 })).toEqual(file);
    expect(seen).toEqual([
      'POST /api/public/v3/shipment_drafts true',
      'GET /api/public/v3/setups/carriers true',
      'GET /files/setup.json true',
    ]);
    expect(api.received).toHaveLength(3);
  });

  it('shows the credentials in no string, inspection or JSON of the client or of its errors', async () => {
    const api = await startServer((_, response) =>
      json(response, 401, { message: `refused ${encoded} / ${apiKey}` }, { 'WWW-Authenticate': 'Basic' }),
    );
    const client = createShippingClient({ baseUrl: api.origin, username, apiKey, partnerId: 10042 });
    const error = (await fetchCarrierSetup(client, { pollIntervalMs: 1 }).then(
      () => undefined,
      (e: unknown) => e,
    )) as ShippingApiError;
    expect(error).toBeInstanceOf(ShippingApiError);
    expect(error.code).toBe('UNAUTHORIZED');
    const shown = [
      String(client),
      inspect(client, { depth: 10, showHidden: true }),
      JSON.stringify(client),
      String(error),
      error.stack ?? '',
      inspect(error, { depth: 10, showHidden: true }),
      JSON.stringify(error),
    ].join('\n');
    expect(error.body).toContain('[redacted]');
    for (const secret of [apiKey, encoded]) expect(shown).not.toContain(secret);
  });
});

describe('the errors', () => {
  it('are ShippingErrors of the contract package, named ShippingApiError', () => {
    const error = construct({ baseUrl: 'http://shipping.example/' });
    expect(error).toBeInstanceOf(ShippingError);
    expect(error.name).toBe('ShippingApiError');
    expect(String(error)).toMatch(/^ShippingApiError: baseUrl must use HTTPS/);
    expect(error).toMatchObject({ variable: undefined, pointer: undefined, status: undefined, body: undefined });
  });

  it.each([
    [{ pollIntervalMs: 0 }, 'pollIntervalMs'],
    [{ timeoutMs: -1 }, 'timeoutMs'],
    [{ signal: 'stop' }, 'signal'],
    [{ onStatus: 1 }, 'onStatus'],
    [{ onFileText: 'x' }, 'onFileText'],
    [{ withText: 'yes' }, 'withText'],
    [{ maxDownloadAttempts: 1.5 }, 'maxDownloadAttempts'],
    [{ maxRenewals: -1 }, 'maxRenewals'],
  ])('of fetchCarrierSetup name the option %o in the option field', async (options, option) => {
    const client = createShippingClient({ baseUrl: 'https://shipping.example/', username, apiKey });
    await expect(fetchCarrierSetup(client, options as never)).rejects.toMatchObject({
      code: 'INVALID_OPTIONS',
      operation: 'fetchCarrierSetup',
      option,
    });
  });

  it('name the argument that is not what a function needs', async () => {
    expect(() => createShippingClient(null as never)).toThrow(expect.objectContaining({ option: 'options' }));
    await expect(fetchCarrierSetup({} as never)).rejects.toMatchObject({ code: 'INVALID_OPTIONS', option: 'client' });
    expect(() => checkShipment({} as never, {})).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTIONS', operation: 'checkShipment', option: 'setup' }),
    );
  });
});
