// fetchCarrierSetup's pace (pacing.ts): never faster than pollIntervalMs, Retry-After honoured in both
// forms, a growing wait when throttled without one, and no throttling by a server of that minimum.
import type { ServerResponse } from 'node:http';
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from 'shipping-api-v3-sandbox';
import { createShippingClient, fetchCarrierSetup } from 'shipping-api-v3-client';
import { closeAll, json, serveFile } from '../support/harness/servers.ts';
import { completed, inProgress, requested } from '../../dev/fixtures/setup-file.ts';
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
} from '../support/harness/setup-api.ts';

afterEach(closeAll);

describe('fetchCarrierSetup: pacing', () => {
  it('never polls faster than pollIntervalMs', async () => {
    const clock = fakeClock();
    const api = await startApi(
      (origin) => [requested, inProgress, inProgress, inProgress, completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    await fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, clock });
    expect(statusPaths(api)).toHaveLength(5);
    expect(clock.waits).toHaveLength(4);
    for (const wait of clock.waits) expect(wait).toBeGreaterThanOrEqual(15_000);
  });

  it('backs off when throttled: Retry-After when given, a growing wait otherwise, never under the interval', async () => {
    const clock = fakeClock();
    const throttle = (status: number, retryAfter?: string) => (response: ServerResponse) =>
      json(response, status, { message: 'slow down' }, retryAfter === undefined ? {} : { 'Retry-After': retryAfter });
    const api = await startApi(
      (origin) => [
        requested,
        throttle(429, '120'),
        throttle(429),
        throttle(503),
        throttle(429),
        throttle(429, '0'),
        completed(`${origin}${FILE_PATH}`),
      ],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    const told: { operation: string; waitMs: number }[] = [];
    let fileText = '';
    const result = await fetchCarrierSetup(client(api), {
      pollIntervalMs: 1000,
      clock,
      onThrottled: (event) => told.push(event),
      onFileText: (text) => {
        fileText = text;
      },
    });
    expect(result).toEqual(fileData);
    // The interval; Retry-After 120 s; then, without Retry-After, the interval doubled for each
    // throttled answer in a row (2nd, 3rd, 4th); Retry-After 0 raised to the interval.
    expect(clock.waits).toEqual([1000, 120_000, 4000, 8000, 16_000, 1000]);
    // Each throttled answer is told, with the wait before the next poll.
    expect(told).toEqual(
      [120_000, 4000, 8000, 16_000, 1000].map((waitMs) => ({ operation: 'requestCarrierSetup', waitMs })),
    );
    // The text as received, byte for byte.
    expect(Buffer.from(fileText).equals(fileBytes)).toBe(true);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const clock = fakeClock();
    const api = await startApi(
      (origin) => [
        (response) => json(response, 429, {}, { 'Retry-After': new Date(clock.now() + 90_000).toUTCString() }),
        completed(`${origin}${FILE_PATH}`),
      ],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    await fetchCarrierSetup(client(api), { pollIntervalMs: 1000, clock });
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeGreaterThan(88_000);
    expect(clock.waits[0]).toBeLessThanOrEqual(90_000);
  });

  // The sandbox throttles polls that reach it closer than --min-poll-ms apart. A first request that
  // takes longer to arrive (a new connection) than the next must not make the next one too early.
  it('is never throttled by a server whose minimum between polls is the poll interval', async () => {
    const sandbox = await startSandbox({ port: 0, minPollMs: 300, generationMs: 700, logLevel: 'silent' });
    try {
      let first = true;
      const slowFirst: typeof fetch = async (input, init) => {
        if (first) {
          first = false;
          await setTimeout(150);
        }
        return fetch(input, init);
      };
      const throttled: unknown[] = [];
      const polled = createShippingClient({ baseUrl: sandbox.baseUrl, username, apiKey, fetch: slowFirst });
      const file = await fetchCarrierSetup(polled, {
        pollIntervalMs: 300,
        onThrottled: (event) => throttled.push(event),
      });
      expect(file.length).toBeGreaterThan(0);
      expect(throttled).toEqual([]);
    } finally {
      await sandbox.close();
    }
  });
});
