// Runs the sandbox and the given number of requests against it in this process (started with --expose-gc) and
// prints the heap after a warm-up and at the end, each after a full collection, as JSON.
//   node --expose-gc tests/support/harness/sandbox-memory-run.ts <requests>
import { Pool } from 'undici';
import { startSandbox } from 'shipping-api-v3-sandbox';
import { basic } from '../fixtures/basic.ts';

const total = Number(process.argv[2] ?? 30_000);
const warmUp = Math.floor(total / 5);
const USERS = 40;
const CONCURRENCY = 10;
const s = await startSandbox({ generationMs: 0, minPollMs: 0, urlTtlMs: 60_000 });
const statuses: Record<string, number> = {};
let sent = 0;
let warmHeap = 0;

const heapMiB = () => {
  globalThis.gc!();
  globalThis.gc!();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

interface Answer {
  status: number;
  text(): Promise<string>;
  json(): Promise<any>;
  arrayBuffer(): Promise<Buffer>;
}

// undici's Pool on kept-alive connections rather than fetch or node:http: measured on this run, a
// third less CPU time than node:http with a keep-alive Agent, so that the requests leave the
// machine to the other tests sooner.
const pool = new Pool(s.origin, { connections: CONCURRENCY });

async function request(
  url: string,
  init: { method?: 'GET' | 'POST' | 'DELETE'; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  sent += 1;
  const { pathname, search } = new URL(url);
  const answer = await pool.request({
    path: pathname + search,
    method: init.method ?? 'GET',
    headers: init.headers,
    body: init.body,
  });
  const bytes = Buffer.from(await answer.body.arrayBuffer());
  statuses[answer.statusCode] = (statuses[answer.statusCode] ?? 0) + 1;
  return {
    status: answer.statusCode,
    text: async () => bytes.toString('utf8'),
    json: async () => JSON.parse(bytes.toString('utf8')),
    arrayBuffer: async () => bytes,
  };
}

const bodies = {
  shipments: JSON.stringify({ reference: 'memory', partner_id: 7, parcels: [{ quantity: 1, weight: 2 }] }),
  sales_orders: JSON.stringify({ order_id: '1', ordered_at: '2026-11-20T14:03:27.512+01:00' }),
  imported_shipments: JSON.stringify({ partner_id: 8 }),
  shipment_drafts: JSON.stringify({ partner_id: 9 }),
};

/** One user's session: the lifecycle, a ranged download, creations, a refusal or two, now and then a fault or a reset. */
async function session(n: number): Promise<void> {
  const user = `memory-${n % USERS}`;
  const headers = { authorization: basic(user) };
  const json = { ...headers, 'content-type': 'application/json', 'partner-id': '10042' };
  let status = await (await request(`${s.baseUrl}/setups/carriers`, { headers })).json();
  if (status.status !== 'COMPLETED') status = await (await request(`${s.baseUrl}/setups/carriers`, { headers })).json();
  if (status.url) await (await request(status.url, { headers: { ...headers, range: 'bytes=0-511' } })).arrayBuffer();
  for (const [kind, body] of Object.entries(bodies))
    await (await request(`${s.baseUrl}/${kind}`, { method: 'POST', headers: json, body })).text();
  await (await request(`${s.baseUrl}/shipments`, { method: 'POST', headers: json, body: '{"reference":5}' })).text();
  await (await request(`${s.baseUrl}/setups/carriers`)).text();
  if (n % 7 === 0)
    await (
      await request(`${s.origin}/_sandbox/faults`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{"fault":"throttle","count":1,"retryAfterSeconds":0}',
      })
    ).text();
  if (n % 5 === 0) await (await request(`${s.origin}/_sandbox/attributions`, { headers })).text();
  // A test suite resets its account now and then.
  if (n % (USERS * 10) < USERS)
    await (await request(`${s.origin}/_sandbox/state`, { method: 'DELETE', headers })).text();
}

let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (sent < total) {
      if (!warmHeap && sent >= warmUp) warmHeap = heapMiB();
      await session(next++);
    }
  }),
);
const endHeap = heapMiB();
await pool.close();
await s.close();
console.log(
  JSON.stringify({
    requests: sent,
    statuses,
    warmHeapMiB: Number(warmHeap.toFixed(1)),
    endHeapMiB: Number(endHeap.toFixed(1)),
  }),
);
