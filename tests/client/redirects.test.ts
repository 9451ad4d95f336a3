// fetchCarrierSetup's redirects and credentials (redirects.ts): the credentials go to the API's origin
// and to the origins named in credentialOrigins only, redirects included, and the number of redirects
// in a row is bounded.
import { afterEach, describe, expect, it } from 'vitest';
import { createShippingClient, fetchCarrierSetup } from 'shipping-api-v3-client';
import { closeAll, json, serveFile, startServer } from '../support/harness/servers.ts';
import { MAX_REDIRECTS } from '../../packages/client/src/redirects.ts';
import { failure } from '../support/harness/shipping-error.ts';
import { completed } from '../../dev/fixtures/setup-file.ts';
import {
  username,
  apiKey,
  FILE_PATH,
  startApi,
  client,
  fileBytes,
  fileData,
  redirect,
  statusPaths,
  filePaths,
} from '../support/harness/setup-api.ts';

afterEach(closeAll);

describe('fetchCarrierSetup: redirects and credentials', () => {
  it('sends no credentials to a file address on another origin', async () => {
    const files = await startServer((request, response) => serveFile(request, response, fileBytes, true));
    const api = await startApi(() => [completed(`${files.origin}${FILE_PATH}`)]);
    const result = await fetchCarrierSetup(client(api), { pollIntervalMs: 5 });
    expect(result).toEqual(fileData);
    expect(files.received).toHaveLength(1);
    expect(files.received[0]?.headers.authorization).toBeUndefined();
    expect(files.received[0]?.headers['partner-id']).toBeUndefined();
    expect(statusPaths(api)[0]?.headers.authorization).toMatch(/^Basic /);
  });

  it('sends the credentials to an origin named in credentialOrigins, redirects included, and to no other', async () => {
    const other = await startServer((request, response) => serveFile(request, response, fileBytes, true));
    const files = await startServer((request, response) => {
      if (request.path === '/start') return redirect(response, 302, `${files.origin}/hop`);
      if (request.path === '/hop') return redirect(response, 307, `${files.origin}${FILE_PATH}`);
      serveFile(request, response, fileBytes, true);
    });
    // The API's own origin first redirects to the named file host.
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => redirect(response, 302, `${files.origin}/start`),
    );
    const named = createShippingClient({
      baseUrl: `${api.origin}/api/public/v3`,
      username,
      apiKey,
      partnerId: 10042,
      credentialOrigins: [files.origin],
    });
    expect(await fetchCarrierSetup(named, { pollIntervalMs: 5 })).toEqual(fileData);
    expect(files.received.map((r) => r.path)).toEqual(['/start', '/hop', FILE_PATH]);
    for (const request of [...filePaths(api), ...files.received]) {
      expect(request.headers.authorization).toBe(statusPaths(api)[0]?.headers.authorization);
      expect(request.headers['partner-id']).toBe('10042');
    }
    // The same file host, not named: no credentials, and no redirect followed to it.
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({
      code: 'HTTP_ERROR',
      status: 302,
      operation: 'downloadCarrierSetupFile',
      option: 'credentialOrigins',
      origin: files.origin,
    });
    expect(error.message).toContain(`to ${files.origin}, which is not named in the credentialOrigins option`);
    expect(files.received).toHaveLength(3);
    expect(other.received).toHaveLength(0);
  });

  it('follows no redirect from a named origin to an origin not named', async () => {
    const other = await startServer((request, response) => serveFile(request, response, fileBytes, true));
    const files = await startServer((_, response) => redirect(response, 301, `${other.origin}${FILE_PATH}`));
    const api = await startApi(() => [completed(`${files.origin}${FILE_PATH}`)]);
    const named = createShippingClient({
      baseUrl: `${api.origin}/api/public/v3`,
      username,
      apiKey,
      credentialOrigins: [`${files.origin}/`],
    });
    const error = await failure(fetchCarrierSetup(named, { pollIntervalMs: 5 }));
    expect(error.message).toContain(
      `The file server ${files.origin} redirected the download (301) to ${other.origin}, which is not named`,
    );
    expect(error).toMatchObject({ option: 'credentialOrigins', origin: other.origin });
    expect(files.received[0]?.headers.authorization).toMatch(/^Basic /);
    expect(other.received).toHaveLength(0);
  });

  it(`follows at most ${MAX_REDIRECTS} redirects in a row`, async () => {
    let hops = 0;
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) =>
        hops++ < MAX_REDIRECTS ? redirect(response, 302, FILE_PATH) : serveFile(request, response, fileBytes, true),
    );
    expect(await fetchCarrierSetup(client(api), { pollIntervalMs: 5 })).toEqual(fileData);
    const looping = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => redirect(response, 302, FILE_PATH),
    );
    const error = await failure(fetchCarrierSetup(client(looping), { pollIntervalMs: 5 }));
    expect(error.message).toContain(`more than ${MAX_REDIRECTS} times in a row`);
    expect(error).toMatchObject({ option: undefined, origin: undefined });
    expect(filePaths(looping)).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('says on a 401 from a file host not named which origin refused, and how to send it the credentials', async () => {
    const files = await startServer((_, response) =>
      json(response, 401, {}, { 'WWW-Authenticate': 'Basic realm="files"' }),
    );
    const api = await startApi(() => [completed(`${files.origin}${FILE_PATH}`)]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
      operation: 'downloadCarrierSetupFile',
      option: 'credentialOrigins',
      origin: files.origin,
    });
    expect(error.message).toContain(
      `The file server ${files.origin} asks for credentials (401 Unauthorized), and none were sent to it: name "${files.origin}" in the credentialOrigins option`,
    );
    expect(files.received[0]?.headers.authorization).toBeUndefined();
  });
});
