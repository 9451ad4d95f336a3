// The mock answers from the first request its port accepts: a request sent while it is still reading
// the contract waits for it and gets the contract's answer, never an error of a mock not yet there
// (Prism answers in the mock's own process, dev/mock/prism-http.ts). And a new contract is answered
// from the next request on, on the same port, without a process of its own.
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../dev/cli.ts';
import { type RunningMock, startMock } from '../../dev/mock/mock.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import { basic } from '../support/fixtures/basic.ts';

const AUTH = basic('apiuser', 'apikey');
let mock: RunningMock | undefined;

afterAll(async () => {
  await mock?.stop();
});

/** Whether the request of `firstAnswer` has reached the mock's port (its connection is accepted). */
let connected = false;

/** One GET of `url`: its status and body, or the error of a refused connection. */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = request(url, { headers: { authorization: AUTH, prefer: 'example=requested' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body }));
    });
    sent.on('socket', (socket) => socket.once('connect', () => (connected = true)));
    sent.on('error', reject);
    sent.end();
  });
}

/** GET /setups/carriers, sent again at once while nothing listens on the port yet. */
async function firstAnswer(url: string): Promise<{ status: number; body: string }> {
  for (;;) {
    try {
      return await get(url);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNREFUSED') throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

describe('npm run mock while it starts', () => {
  it('answers a request sent before it has read the contract with the contract answer', async () => {
    const port = await freePort();
    // The contract is handed over only once the request has reached the mock's port: the request
    // certainly comes while the mock is starting.
    let handOver: (bundle: unknown) => void = () => {};
    const bundle = new Promise((resolve) => (handOver = resolve));
    const starting = startMock({ port, bundle }).then((running) => (mock = running));
    const answered = firstAnswer(`http://127.0.0.1:${port}/api/public/v3/setups/carriers`);
    while (!connected) await new Promise((resolve) => setImmediate(resolve));
    // A few turns of the event loop, which this test shares with the mock: the mock reads the request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    handOver(readJson(bundlePath));
    const response = await answered;
    await starting;
    expect(response.status, response.body).toBe(200);
    expect(JSON.parse(response.body)).toEqual(
      readJson(bundlePath).components.examples.CarrierSetupStatusRequested.value,
    );
  });

  it('answers from a new contract once it is committed, on the same port', async () => {
    const bundle = structuredClone(readJson(bundlePath));
    bundle.components.examples.CarrierSetupStatusRequested.value.status = 'IN_PROGRESS';
    await mock!.prepare(bundle).commit();
    const response = await fetch(`${mock!.baseUrl}/setups/carriers`, {
      headers: { authorization: AUTH, prefer: 'example=requested' },
    });
    expect((await response.json()).status).toBe('IN_PROGRESS');
  });
});
