// Runs the sandbox and 100,000 requests against it in this process (started with --expose-gc) and
// prints the heap after a warm-up and at the end, each after a full collection, as JSON.
//   node --expose-gc tests/support/sandbox-memory-run.ts <requests>
import { Agent, request as httpRequest } from 'node:http';
import { startSandbox } from '../../src/sandbox/index.ts';
import { basic } from './basic.ts';

const total = Number(process.argv[2] ?? 100_000);
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

// node:http with kept-alive connections rather than fetch: a third of the CPU time per request, so
// that 100,000 requests leave the machine to the other tests sooner.
const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  sent += 1;
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(url, { method: init.method ?? 'GET', headers: init.headers, agent }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const status = incoming.statusCode ?? 0;
        statuses[status] = (statuses[status] ?? 0) + 1;
        const bytes = Buffer.concat(chunks);
        resolve({
          status,
          text: async () => bytes.toString('utf8'),
          json: async () => JSON.parse(bytes.toString('utf8')),
          arrayBuffer: async () => bytes,
        });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
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
agent.destroy();
await s.close();
console.log(
  JSON.stringify({
    requests: sent,
    statuses,
    warmHeapMiB: Number(warmHeap.toFixed(1)),
    endHeapMiB: Number(endHeap.toFixed(1)),
  }),
);
