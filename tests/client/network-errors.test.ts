// When Node's fetch cannot reach a server, the client's error says why, in words that name the
// address, and keeps fetch's error as its cause: a refused connection, a port fetch refuses, an
// unknown host. None of these needs a network: loopback, a port fetch blocks before connecting, and
// a name under .invalid, which no resolver answers (RFC 6761).
import { afterEach, describe, expect, it } from 'vitest';
import { createShippingClient, fetchCarrierSetup, type ShippingApiError } from 'shipping-api-v3-client';
import { connectionFailure } from '../../packages/client/src/errors.ts';
import { freePort } from '../../dev/cli.ts';
import { completed } from '../../dev/fixtures/setup-file.ts';
import { closeAll, json, startServer } from '../support/harness/servers.ts';
import { failure } from '../support/harness/shipping-error.ts';

afterEach(closeAll);

/** fetch's error as undici makes it: "fetch failed", its cause an Error with or without a code. */
const fetchFailed = (message: string, code?: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(message), code ? { code } : {}) });

describe('the words for a cause of fetch', () => {
  it.each([
    [
      'a refused connection',
      'http://127.0.0.1:4001/x',
      fetchFailed('connect ECONNREFUSED 127.0.0.1:4001', 'ECONNREFUSED'),
      'the connection to 127.0.0.1:4001 was refused: nothing listens there',
    ],
    [
      'an unknown host',
      'https://files.example.invalid/x',
      fetchFailed('getaddrinfo ENOTFOUND files.example.invalid', 'ENOTFOUND'),
      'the host of files.example.invalid was not found',
    ],
    [
      'a port fetch refuses',
      'http://127.0.0.1:6000/x',
      fetchFailed('bad port'),
      'fetch refuses port 6000 (127.0.0.1:6000), which the Fetch Standard blocks as a port of another protocol',
    ],
    [
      'a cause with no words of its own',
      'http://127.0.0.1:4001/x',
      fetchFailed('other side hung up', 'EPIPE'),
      'fetch failed: other side hung up',
    ],
    ['no cause', 'http://127.0.0.1:4001/x', new TypeError('fetch failed'), 'fetch failed'],
  ])('%s', (_, url, error, words) => {
    expect(connectionFailure(url, error)).toBe(words);
  });
});

const credentials = { username: 'api-user-7731', apiKey: 'k3y-SECRET-5f0a9c' };
const pull = (baseUrl: string) =>
  failure(fetchCarrierSetup(createShippingClient({ baseUrl, ...credentials }), { pollIntervalMs: 5 }));
/** The cause that fetch gave: the cause of the TypeError that the client's error keeps. */
const fetchCause = (error: ShippingApiError) => (error.cause as Error).cause as Error & { code?: string };

describe('the error of fetchCarrierSetup', () => {
  it('names host:port and "refused" when nothing listens there, and keeps the cause', async () => {
    const port = await freePort();
    const error = await pull(`http://127.0.0.1:${port}/api/public/v3`);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', operation: 'requestCarrierSetup' });
    expect(error.message).toBe(
      `GET /setups/carriers failed: the connection to 127.0.0.1:${port} was refused: nothing listens there.`,
    );
    expect(fetchCause(error).code).toBe('ECONNREFUSED');
  });

  it('names the port that fetch refuses (9), and keeps the cause', async () => {
    const error = await pull('http://127.0.0.1:9/api/public/v3');
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', operation: 'requestCarrierSetup' });
    expect(error.message).toBe(
      'GET /setups/carriers failed: fetch refuses port 9 (127.0.0.1:9), which the Fetch Standard blocks as a port of another protocol.',
    );
    expect(fetchCause(error).message).toBe('bad port');
  });

  it('names the host that cannot be found, and keeps the cause', { timeout: 10_000 }, async () => {
    const error = await pull('https://nonexistent.invalid/api/public/v3');
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', operation: 'requestCarrierSetup' });
    // ENOTFOUND where a resolver answers, EAI_AGAIN where none can be asked.
    expect(error.message).toMatch(
      /^GET \/setups\/carriers failed: the host of nonexistent\.invalid (was not found|could not be looked up)\.$/,
    );
    expect(['ENOTFOUND', 'EAI_AGAIN']).toContain(fetchCause(error).code);
  });

  it('says, when the download cannot reach the file server, why the last try failed', async () => {
    const api = await startServer((_, response) =>
      json(response, 200, completed('http://127.0.0.1:9/files/setup.json')),
    );
    const client = createShippingClient({ baseUrl: `${api.origin}/api/public/v3`, ...credentials });
    const error = await failure(fetchCarrierSetup(client, { pollIntervalMs: 5, maxDownloadAttempts: 1 }));
    expect(error).toMatchObject({ code: 'DOWNLOAD_FAILED', operation: 'downloadCarrierSetupFile' });
    expect(error.message).toMatch(/broke off 1 times .*: fetch refuses port 9 \(127\.0\.0\.1:9\)/);
    expect(fetchCause(error).message).toBe('bad port');
  });
});
