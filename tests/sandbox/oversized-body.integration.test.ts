// A body over the limit gets its 413 whatever the client: Node's fetch (undici) and the project's
// client, against the sandbox as a process of its own. A server that answers while the client is
// still sending, and closes, resets the connection, and the client sees the reset, not the answer;
// the sandbox reads and drops the rest of the body first.
import net from 'node:net';
import { setTimeout } from 'node:timers/promises';
import { createShippingClient } from 'shipping-api-v3-client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { basic } from '../support/fixtures/basic.ts';
import { type SandboxProcess, startSandboxProcess } from '../support/harness/sandbox-process.ts';

const LIMIT = 1024 * 1024;
const PIECE = 64 * 1024;
const TOO_LARGE = `The body is larger than ${LIMIT} bytes, the sandbox's limit.`;
let sandbox: SandboxProcess;

beforeAll(async () => {
  sandbox = await startSandboxProcess('npm run sandbox', ['--log-level', 'silent']);
});
afterAll(async () => {
  sandbox.child.kill('SIGTERM');
  await sandbox.exited;
});

/**
 * `times` the limit, in pieces; once twice the limit less a piece is sent, the
 * client is busy for 100 ms, as a loaded one is: the sandbox has refused the body by then, and a
 * client that goes on sending to a closed connection gets EPIPE.
 */
function oversized(times: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= times * LIMIT) return controller.close();
      if (sent === 2 * LIMIT - PIECE) {
        const until = Date.now() + 100;
        while (Date.now() < until);
      }
      controller.enqueue(Buffer.alloc(PIECE, 'x'));
      sent += PIECE;
    },
  });
}

/** The status and detail Node's fetch gets for `body`, or the code of the error it fails with. */
async function answer(body: BodyInit, length?: number): Promise<[number, string] | string> {
  const declared = length === undefined ? {} : { 'content-length': String(length) };
  try {
    const response = await fetch(`${sandbox.baseUrl}/shipments`, {
      method: 'POST',
      headers: { authorization: basic('oversized'), 'content-type': 'application/json', ...declared },
      body,
      duplex: 'half',
    } as RequestInit);
    return [response.status, (await response.json()).detail];
  } catch (error) {
    return (error as { cause?: { code?: string } }).cause?.code ?? String(error);
  }
}

it.for([2, 30])("Node's fetch gets the 413 of a body %i times the limit, sent in pieces", async (times) => {
  expect(await answer(oversized(times))).toEqual([413, TOO_LARGE]);
});

it.for([2, 30])("Node's fetch gets the 413 of a body %i times the limit with its Content-Length", async (times) => {
  expect(await answer(oversized(times), times * LIMIT)).toEqual([413, TOO_LARGE]);
});

it("the project's client gets the 413 of a body 30 times the limit, and nothing is stored", async () => {
  const client = createShippingClient({ baseUrl: sandbox.baseUrl, username: 'oversized', apiKey: 'key' });
  const { error, response } = await client.POST('/shipments', {
    body: { reference: 'x'.repeat(30 * LIMIT) } as never,
  });
  expect(response.status).toBe(413);
  expect(error).toMatchObject({ status: 413, detail: TOO_LARGE });
  const attributions = await fetch(`${new URL(sandbox.baseUrl).origin}/_sandbox/attributions`, {
    headers: { authorization: basic('oversized') },
  });
  expect(await attributions.json()).toMatchObject({ attributions: [] });
});

/** A raw exchange: the request's head with `length` as its Content-Length, then `body`, after `pauseMs`. */
async function raw(length: number, body: Buffer, pauseMs: number): Promise<{ before: string; after: string }> {
  const socket = net.connect(sandbox.port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  const closed = new Promise((resolve) => socket.once('close', resolve));
  socket.on('error', () => {});
  const head = [
    'POST /api/public/v3/shipments HTTP/1.1',
    'Host: 127.0.0.1',
    `Authorization: ${basic('oversized')}`,
    'Content-Type: application/json',
    `Content-Length: ${length}`,
  ];
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  await setTimeout(pauseMs);
  const before = received;
  if (!socket.destroyed) socket.end(body);
  await closed;
  return { before, after: received };
}

it('waits for the rest of a body up to 32 times the limit before it answers 413, and closes', async () => {
  const { before, after } = await raw(2 * LIMIT, Buffer.alloc(2 * LIMIT, 'x'), 300);
  expect(before).toBe('');
  expect(after).toMatch(/^HTTP\/1\.1 413 /);
  expect(after).toMatch(/\r\nconnection: close\r\n/i);
});

it('answers 413 at once to a body declared over 32 times the limit, and closes without reading it', async () => {
  const { before } = await raw(33 * LIMIT, Buffer.alloc(0), 300);
  expect(before).toMatch(/^HTTP\/1\.1 413 /);
  expect(before).toContain(TOO_LARGE);
});
