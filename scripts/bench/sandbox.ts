// Bench part `sandbox` (`npm run bench -- --part sandbox`): requests per second and p99 latency with
// 10 connections (autocannon), side by side in one run, of
//   - the sandbox (Fastify, every body validated with the generated validators),
//   - the Prism mock of the contract,
//   - a bare node:http server answering a constant (the ceiling of a Node server on this machine),
// for GET /setups/carriers and for POST /shipments with a valid body. Each server runs in a process
// of its own; autocannon runs in this one. Goals: the sandbox at least 20x Prism and at least 0.6x
// the bare server.
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { startMock } from '../lib/prism.ts';
import { root } from '../lib/tools.ts';

/** The part of autocannon's API used here (the package ships no types). */
type Autocannon = (options: { url: string; method: string; connections: number; duration: number; headers: Record<string, string>; body?: string }) => Promise<{
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const script = fileURLToPath(import.meta.url);
const CONNECTIONS = 10;
const DURATION_S = 8;
const WARMUP_S = 2;
const AUTHORIZATION = `Basic ${Buffer.from('bench-user:bench-key').toString('base64')}`;
const shipment = (): string => JSON.stringify(JSON.parse(readFileSync(`${root}/generated/openapi.json`, 'utf8')).components.examples.ShipmentCreate.value);

/** --serve sandbox|bare: one server, which prints its origin once it listens. */
async function serve(kind: string): Promise<void> {
  let origin: string;
  if (kind === 'sandbox') {
    const { startSandbox } = await import('../../src/sandbox/index.ts');
    // Polls as fast as autocannon sends them are not throttled here; the first call completes generation.
    origin = (await startSandbox({ generationMs: 0, minPollMs: 0 })).origin;
  } else {
    const status = Buffer.from('{"status":"REQUESTED","expires_at":null,"url":null}');
    const created = Buffer.from('{"id":"shipment-1"}');
    const server = createServer((request, response) => {
      if (request.method === 'POST') {
        request.resume();
        request.on('end', () => response.writeHead(201, { 'content-type': 'application/json', 'content-length': created.length }).end(created));
      } else response.writeHead(200, { 'content-type': 'application/json', 'content-length': status.length }).end(status);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }
  console.log(origin);
}

async function startChild(kind: string): Promise<{ origin: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [script, '--serve', kind], { stdio: ['ignore', 'pipe', 'inherit'] });
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`the ${kind} server exited with ${code}`)));
  });
  return { origin, child };
}

interface Measure {
  rps: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(url: string, method: 'GET' | 'POST', body?: string): Promise<Measure> {
  const options = {
    url,
    method,
    connections: CONNECTIONS,
    headers: { authorization: AUTHORIZATION, 'partner-id': '10042', ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
  };
  await autocannon({ ...options, duration: WARMUP_S });
  const result = await autocannon({ ...options, duration: DURATION_S });
  return { rps: result.requests.average, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors + result.timeouts };
}

export async function bench(): Promise<void> {
  console.log(`\nThe sandbox against the Prism mock and a bare node:http server: ${CONNECTIONS} connections, ${WARMUP_S} s warm-up then ${DURATION_S} s each (autocannon), each server in its own process.`);
  const sandbox = await startChild('sandbox');
  const bare = await startChild('bare');
  const prism = await startMock({ port: await freePort() });
  try {
    const base = { sandbox: `${sandbox.origin}/api/public/v3`, prism: prism.url, bare: bare.origin };
    const body = shipment();
    for (const [label, method, path] of [
      ['GET /setups/carriers', 'GET', '/setups/carriers'],
      ['POST /shipments (valid body)', 'POST', '/shipments'],
    ] as const) {
      const results: Record<string, Measure> = {};
      for (const name of ['sandbox', 'prism', 'bare'] as const) results[name] = await measure(`${base[name]}${path}`, method, method === 'POST' ? body : undefined);
      console.log(`\n  ${label}`);
      for (const [name, m] of Object.entries(results)) {
        const refused = m.non2xx + m.errors > 0 ? `  (${m.non2xx} non-2xx, ${m.errors} errors)` : '';
        console.log(`    ${name.padEnd(8)} ${m.rps.toFixed(0).padStart(7)} req/s   p99 ${String(m.p99).padStart(4)} ms${refused}`);
      }
      const toPrism = results.sandbox!.rps / results.prism!.rps;
      const toBare = results.sandbox!.rps / results.bare!.rps;
      console.log(`    sandbox / prism = ${toPrism.toFixed(1)} (goal >= 20: ${toPrism >= 20 ? 'met' : 'NOT met'})`);
      console.log(`    sandbox / bare  = ${toBare.toFixed(2)} (goal >= 0.6: ${toBare >= 0.6 ? 'met' : 'NOT met'})`);
    }
  } finally {
    sandbox.child.kill();
    bare.child.kill();
    await prism.stop();
  }
}

if (process.argv[1] === script && process.argv[2] === '--serve') await serve(process.argv[3]!);
