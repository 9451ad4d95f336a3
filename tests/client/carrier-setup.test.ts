// fetchCarrierSetup's workflow (carrier-setup.ts) against loopback servers that behave, and servers that
// misbehave: the polls to COMPLETED, the address renewed when it expires, the statuses and errors it
// reports, the signal, timeoutMs and maxWaitMs, its options.
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type Clock, createShippingClient, type DownloadProgress, fetchCarrierSetup } from 'shipping-api-v3-client';
import { closeAll, json, serveFile, startServer } from '../support/harness/servers.ts';
import { failure } from '../support/harness/shipping-error.ts';
import { completed, exampleSetupFile, inProgress, requested } from '../../dev/fixtures/setup-file.ts';
import {
  username,
  apiKey,
  FILE_PATH,
  fakeClock,
  startApi,
  client,
  fileBytes,
  fileData,
  statusPaths,
  filePaths,
} from '../support/harness/setup-api.ts';

afterEach(closeAll);

describe('fetchCarrierSetup', () => {
  it('polls through REQUESTED and IN_PROGRESS, then downloads, reports progress and returns the validated file', async () => {
    const example = Buffer.from(JSON.stringify(exampleSetupFile()));
    const api = await startApi(
      (origin) => [requested, inProgress, inProgress, completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, example, true),
    );
    const statuses: string[] = [];
    const progress: DownloadProgress[] = [];
    const result = await fetchCarrierSetup(client(api), {
      pollIntervalMs: 5,
      onStatus: (s) => statuses.push(s.status),
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual(exampleSetupFile());
    expect(statuses).toEqual(['REQUESTED', 'IN_PROGRESS', 'IN_PROGRESS', 'COMPLETED']);
    expect(statusPaths(api)).toHaveLength(4);
    expect(progress.at(-1)).toEqual({ receivedBytes: example.length, totalBytes: example.length });
    // Same origin as baseUrl: the file request carries the credentials and the Partner-ID.
    expect(filePaths(api)[0]?.headers.authorization).toMatch(/^Basic /);
    expect(filePaths(api)[0]?.headers['partner-id']).toBe('10042');
  });

  it('asks for the status again when expires_at has passed, and follows the new status', async () => {
    const api = await startApi(
      (origin) => [
        completed(`${origin}/files/old.json`, new Date(Date.now() - 60_000)),
        inProgress,
        completed(`${origin}${FILE_PATH}`),
      ],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    const statuses: string[] = [];
    const result = await fetchCarrierSetup(client(api), {
      pollIntervalMs: 5,
      onStatus: (s) => statuses.push(s.status),
    });
    expect(result).toEqual(fileData);
    expect(statuses).toEqual(['COMPLETED', 'IN_PROGRESS', 'COMPLETED']);
    expect(api.received.some((r) => r.path === '/files/old.json')).toBe(false);
  });

  it.each([403, 410])('asks for the status again when the file server refuses the address with %i', async (refusal) => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response, count) =>
        count === 0
          ? json(response, refusal, { message: 'Request has expired' })
          : serveFile(request, response, fileBytes, true),
    );
    const result = await fetchCarrierSetup(client(api), { pollIntervalMs: 5 });
    expect(result).toEqual(fileData);
    expect(statusPaths(api)).toHaveLength(2);
    expect(filePaths(api)).toHaveLength(2);
  });

  it('gives up with EXPIRED when the address keeps expiring', async () => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => json(response, 410, {}),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5, maxRenewals: 2 }));
    expect(error.code).toBe('EXPIRED');
    expect(statusPaths(api)).toHaveLength(3);
  });

  it("says, when expires_at lies in the past on every renewal, what expires_at, the server's Date and this clock said", async () => {
    const serverDate = 'Tue, 03 Mar 2026 10:00:00 GMT';
    const expired = completed(`http://127.0.0.1:1${FILE_PATH}`, new Date('2026-03-03T09:00:00Z'));
    const api = await startApi(() => [(response) => json(response, 200, expired, { Date: serverDate })]);
    const clock = fakeClock();
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5, maxRenewals: 1, clock }));
    expect(error.code).toBe('EXPIRED');
    expect(error.message).toContain(
      `expires_at 2026-03-03T09:00:00Z had passed: the server's Date header said ${serverDate}, the clock of this machine said ${new Date(clock.now()).toUTCString()}`,
    );
  });

  it('[4.1.response] rejects a status that breaks the contract, naming the JSON pointer', async () => {
    const api = await startApi(() => [{ status: 'COMPLETED', expires_at: '2026-11-21T15:30:00Z', url: null } as never]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error.code).toBe('INVALID_STATUS');
    expect(error.pointer).toBe('/url');
  });

  it('fails fast on 401, saying that the credentials were refused', async () => {
    const api = await startApi(() => [
      (response) => json(response, 401, { message: 'bad credentials' }, { 'WWW-Authenticate': 'Basic realm="x"' }),
    ]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
      operation: 'requestCarrierSetup',
      body: '{"message":"bad credentials"}',
    });
    expect(error.message).toMatch(/refused the credentials/);
    expect(statusPaths(api)).toHaveLength(1);
  });

  it('fails fast on 401 from the file server', async () => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => json(response, 401, {}),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401, operation: 'downloadCarrierSetupFile' });
    // The credentials were sent: no origin is missing from credentialOrigins.
    expect(error).toMatchObject({ option: undefined, origin: undefined });
    expect(filePaths(api)).toHaveLength(1);
  });

  it('reports another error status with the status, the operation and the body cut short', async () => {
    const api = await startApi(() => [(response) => json(response, 500, { message: 'x'.repeat(5000) })]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 500, operation: 'requestCarrierSetup' });
    expect(error.body!.length).toBeLessThan(1100);
  });

  it('suggests the base path on a 404 from a base URL that does not end in /api/public/v3', async () => {
    const server = await startServer((_request, response) => json(response, 404, {}));
    const wrong = createShippingClient({ baseUrl: server.origin, username, apiKey });
    const error = await failure(fetchCarrierSetup(wrong, { pollIntervalMs: 5 }));
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 404 });
    expect(error.message).toContain(`the base URL ${server.origin} does not end in /api/public/v3`);
    expect(error.message).toContain(`(such as ${server.origin}/api/public/v3)`);
    const right = await failure(
      fetchCarrierSetup(createShippingClient({ baseUrl: `${server.origin}/api/public/v3`, username, apiKey }), {
        pollIntervalMs: 5,
      }),
    );
    expect(right.message).toBe(
      `GET /setups/carriers answered 404 Not Found: ${server.origin}/api/public/v3/setups/carriers is not served there.`,
    );
  });

  it('stops promptly when the signal aborts while it waits between polls', async () => {
    const api = await startApi(() => [inProgress]);
    const controller = new AbortController();
    const run = fetchCarrierSetup(client(api), {
      pollIntervalMs: 600_000,
      signal: controller.signal,
      onStatus: () => controller.abort(),
    });
    const error = await failure(run);
    expect(error).toMatchObject({ code: 'ABORTED', operation: 'requestCarrierSetup' });
    expect(statusPaths(api)).toHaveLength(1);
  });

  it('stops promptly when the signal aborts mid-download', async () => {
    const controller = new AbortController();
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => {
        // Half the file, then silence: only the abort can end this.
        response.writeHead(200, { 'Content-Length': String(fileBytes.length) });
        response.write(fileBytes.subarray(0, 1000));
      },
    );
    const error = await failure(
      fetchCarrierSetup(client(api), {
        pollIntervalMs: 5,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    );
    expect(error).toMatchObject({ code: 'ABORTED', operation: 'downloadCarrierSetupFile' });
  });

  it('stops with TIMEOUT when timeoutMs runs out', async () => {
    const api = await startApi(() => [inProgress]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 600_000, timeoutMs: 50 }));
    expect(error).toMatchObject({ code: 'TIMEOUT', operation: 'requestCarrierSetup' });
    expect(error.message).toContain('timeoutMs (50 ms)');
  });

  it('gives up waiting for COMPLETED after maxWaitMs, 20 minutes by default, naming the last status', async () => {
    const api = await startApi(() => [inProgress]);
    const clock = fakeClock();
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, clock }));
    expect(error).toMatchObject({ code: 'TIMEOUT', operation: 'requestCarrierSetup', option: 'maxWaitMs' });
    expect(error.message).toBe(
      'fetchCarrierSetup gave up waiting for COMPLETED: the last status was IN_PROGRESS, 20 min 0 s after the first of 81 calls of GET /setups/carriers (maxWaitMs 1200000 ms, 20 min 0 s).',
    );
    expect(statusPaths(api)).toHaveLength(81);
    const sooner = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, maxWaitMs: 60_000, clock }));
    expect(sooner.message).toMatch(/the last status was IN_PROGRESS, 1 min 0 s after the first of 5 calls/);
  });

  it('waits as long as it takes with maxWaitMs: Infinity', async () => {
    const api = await startApi(
      (origin) => [...Array.from({ length: 200 }, () => inProgress), completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    const clock = fakeClock();
    expect(await fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, maxWaitMs: Infinity, clock })).toEqual(
      fileData,
    );
  });

  it('measures timeoutMs on the clock passed in, as every other wait', async () => {
    const api = await startApi(() => [inProgress]);
    // A clock a thousand times faster than the real one: two minutes of it pass in 120 ms.
    const started = Date.now();
    const fast: Clock = {
      now: () => started + (Date.now() - started) * 1000,
      sleep: (ms, signal) => setTimeout(ms / 1000, undefined, { signal }),
    };
    const run = failure(fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, timeoutMs: 120_000, clock: fast }));
    const realSeconds = setTimeout(5000, 'still running after 5 real seconds', { ref: false });
    const error = await Promise.race([run, realSeconds]);
    expect(error).toMatchObject({ code: 'TIMEOUT', operation: 'requestCarrierSetup' });
  });

  it('refuses a client it did not make, and options out of range, naming them', async () => {
    await expect(fetchCarrierSetup({} as never)).rejects.toThrow(/needs a client made by createShippingClient/);
    const api = await startApi(() => [inProgress]);
    await expect(fetchCarrierSetup(client(api), { pollIntervalMs: 0 })).rejects.toThrow(
      /pollIntervalMs must be a number of at least 1/,
    );
    await expect(fetchCarrierSetup(client(api), { maxDownloadAttempts: 1.5 })).rejects.toThrow(
      /maxDownloadAttempts must be an integer/,
    );
    await expect(fetchCarrierSetup(client(api), { timeoutMs: -1 })).rejects.toThrow(
      /timeoutMs must be a positive number/,
    );
    await expect(fetchCarrierSetup(client(api), { maxWaitMs: 0 })).rejects.toThrow(
      /maxWaitMs must be a number of at least 1/,
    );
    expect(api.received).toHaveLength(0);
  });
});
