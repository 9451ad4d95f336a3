// A carrier setup API on loopback for the client's tests: GET /setups/carriers answering in turn, the
// file on the same origin, a client of it, and a clock whose sleeps return at once.
import type { ServerResponse } from 'node:http';
import { type CarrierSetupStatus, type Clock, createShippingClient } from 'shipping-api-v3-client';
import { setupFileOfSize } from '../../../dev/fixtures/setup-file.ts';
import { json, type ReceivedRequest, startServer, type TestServer } from './servers.ts';

export const username = 'api-user-7731';
export const apiKey = 'k3y-SECRET-5f0a9c';
const STATUS_PATH = '/api/public/v3/setups/carriers';
export const FILE_PATH = '/files/carrier-setup.json';

/** A clock whose sleeps return at once and move its time on; it records every wait. */
export function fakeClock(): Clock & { waits: number[] } {
  let now = Date.now();
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms, signal) => {
      signal.throwIfAborted();
      waits.push(ms);
      now += ms;
    },
  };
}

export type Answer = CarrierSetupStatus | ((response: ServerResponse) => void);

/**
 * An API whose GET /setups/carriers gives the answers in turn (the last one repeats), and whose
 * file route is served by `file` (on the same origin). Any answer may be a status or a function.
 */
export async function startApi(
  answers: (origin: string) => Answer[],
  file?: (request: ReceivedRequest, response: ServerResponse, count: number) => void,
): Promise<TestServer> {
  let statusCalls = 0;
  let fileCalls = 0;
  const server = await startServer((request, response) => {
    if (request.path === STATUS_PATH) {
      const list = answers(server.origin);
      const answer = list[Math.min(statusCalls++, list.length - 1)]!;
      return typeof answer === 'function' ? answer(response) : json(response, 200, answer);
    }
    if (request.path === FILE_PATH && file) return file(request, response, fileCalls++);
    json(response, 404, { message: 'not found' });
  });
  return server;
}

/** The project's client of that API, with its credentials and a Partner ID. */
export function client(api: TestServer) {
  return createShippingClient({ baseUrl: `${api.origin}/api/public/v3`, username, apiKey, partnerId: 10042 });
}

/** A valid setup file of 256 KiB, as bytes and as data. */
export const fileBytes = setupFileOfSize(256 * 1024);
export const fileData = JSON.parse(fileBytes.toString('utf8'));

export function redirect(response: ServerResponse, status: number, location: string): void {
  response.writeHead(status, { Location: location, 'Content-Length': '0' });
  response.end();
}

export const statusPaths = (server: TestServer) => server.received.filter((r) => r.path === STATUS_PATH);
export const filePaths = (server: TestServer) => server.received.filter((r) => r.path === FILE_PATH);
