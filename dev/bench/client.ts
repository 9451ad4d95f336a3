// The client's part of `npm run bench` (`npm run bench -- --part client`): measures, side by side in
// one run on this machine, and prints ratios with their inputs:
// 1. per-request time of the client against bare openapi-fetch with the same two headers, and
//    against raw fetch, on loopback;
// 2. fetchCarrierSetup on four 30 MB setup files (display names in ASCII only; in Latin-1; sparse
//    beyond Latin-1, ASCII with the odd en dash or Polish name; dense beyond Latin-1, every name in
//    a local language) against the peer, the code an integrator writes without this client (fetch +
//    res.json() + Ajv on the standalone schema of the setup file, compiled before the timing, as
//    docs/carrier-setup-file.md shows it), and against raw fetch + text() + JSON.parse of the same
//    file with no validation, with the peak memory of each. Every download measured is the only large one of a fresh process, as in an
//    integration job or a command that fetches the setup once: the process first runs the same
//    code on a small file of the same text, so that both sides are compiled, then downloads the
//    large file once. (Several large downloads in one process measured, in each, the collection of
//    the file before, and a peak memory over all of them.)
// The server runs in a process of its own, so that it does not share an event loop with a client.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import createClient from 'openapi-fetch';
import type { paths } from '../../generated/schema.js';
import { createShippingClient, fetchCarrierSetup } from 'shipping-api-v3-client';
import { type Script, setupFileOfSize } from '../fixtures/setup-file.ts';
import { median } from '../bench.ts';
import { Ajv2020 } from 'ajv/dist/2020.js';
import setupFileSchema from 'shipping-api-v3-contract/carrier-setup-file.schema.json' with { type: 'json' };

const scriptPath = fileURLToPath(import.meta.url);
const FILE_BYTES = 30 * 1024 * 1024;
/** The file that compiles the code of each side before the measured download. */
const WARM_UP_BYTES = 512 * 1024;
const WARM_UPS = 3;
const REQUESTS = 5000;
/**
 * Fresh processes per side and file, in rounds of one per side (raw, peer and client, the order
 * rotating). The time ratio of one file and build moves between runs on a shared machine
 * (dev/bench/README.md gives the spread seen); the memory ratio holds within 0.02.
 */
const FILE_ROUNDS = 30;
const SCRIPTS: Script[] = ['ascii', 'latin1', 'sparse-beyond-latin1', 'dense-beyond-latin1'];
const SCRIPT_NAMES: Record<Script, string> = {
  ascii: 'ASCII only',
  latin1: 'Latin-1',
  'sparse-beyond-latin1': 'Sparse beyond Latin-1',
  'dense-beyond-latin1': 'Dense beyond Latin-1',
};
const credentials = { username: 'bench-user', apiKey: 'bench-key', partnerId: 10042 };
const headers = {
  Authorization: `Basic ${btoa(`${credentials.username}:${credentials.apiKey}`)}`,
  'Partner-ID': String(credentials.partnerId),
};

const warmUpName = (script: string) => `${script}-small`;

/**
 * --serve: the loopback server, which prints its origin once it listens. Each file has an API of
 * its own under /<name>/api/public/v3, whose status points at /files/<name>.json; <name> is the
 * script, or the script followed by -small for the file that compiles the code.
 */
async function serve(): Promise<void> {
  const files = new Map<string, Buffer>(
    SCRIPTS.flatMap((script) => [
      [script, setupFileOfSize(FILE_BYTES, script)],
      [warmUpName(script), setupFileOfSize(WARM_UP_BYTES, script)],
    ]),
  );
  const server = createServer((request, response) => {
    const status = /^\/([a-z0-9-]+)\/api\/public\/v3\/setups\/carriers$/.exec(request.url ?? '');
    const file = /^\/files\/([a-z0-9-]+)\.json$/.exec(request.url ?? '');
    if (status && files.has(status[1]!)) {
      const body = JSON.stringify({
        status: 'COMPLETED',
        expires_at: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
        url: `${origin}/files/${status[1]}.json`,
      });
      response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) });
      response.end(body);
    } else if (file && files.has(file[1]!)) {
      const bytes = files.get(file[1]!)!;
      response.writeHead(200, {
        'Content-Type': 'application/json',
        'Content-Length': bytes.length,
        'Accept-Ranges': 'bytes',
      });
      response.end(bytes);
    } else {
      response.writeHead(404).end();
    }
  });
  // A loaded machine may leave a kept-alive connection idle for seconds between two runs; a server
  // that closed it meanwhile would fail the next request.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  console.log(
    JSON.stringify({ origin, bytes: Object.fromEntries(SCRIPTS.map((script) => [script, files.get(script)!.length])) }),
  );
}

/** The sides of the whole-file measure: raw (no validation), the peer, and the client. */
const VARIANTS = ['raw', 'peer', 'client'] as const;
type Variant = (typeof VARIANTS)[number];

/** The peer's validator: Ajv on the standalone schema, as docs/carrier-setup-file.md shows it. */
function peerValidator() {
  const ajv = new Ajv2020({ allErrors: true });
  ajv.addKeyword('x-unspecified');
  return ajv.compile<unknown[]>(setupFileSchema);
}

/**
 * --measure raw|peer|client --script <script>: one fresh process runs its side WARM_UPS times on the
 * small file, collects its garbage, then downloads and parses the large file once. The peer compiles
 * its validator first, outside the timing.
 */
async function measure(variant: Variant, origin: string, script: string): Promise<void> {
  const validate = variant === 'peer' ? peerValidator() : undefined;
  const once = async (name: string): Promise<number> => {
    if (variant === 'raw')
      return (JSON.parse(await (await fetch(`${origin}/files/${name}.json`)).text()) as unknown[]).length;
    if (validate) {
      const data: unknown = await (await fetch(`${origin}/files/${name}.json`)).json();
      if (!validate(data)) throw new Error(`invalid file: ${JSON.stringify(validate.errors?.[0])}`);
      return data.length;
    }
    const client = createShippingClient({ baseUrl: `${origin}/${name}/api/public/v3`, ...credentials });
    return (await fetchCarrierSetup(client, { pollIntervalMs: 15_000 })).length;
  };
  for (let run = 0; run < WARM_UPS; run += 1) await once(warmUpName(script));
  // once() keeps nothing of the small files: the collection leaves a clean heap.
  globalThis.gc?.();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const carriers = await once(script);
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (carriers === 0) throw new Error('empty file');
  console.log(
    JSON.stringify({ ms, cpuMs: (used.user + used.system) / 1000, peakRssMiB: process.resourceUsage().maxRSS / 1024 }),
  );
}

async function startServer(): Promise<{ child: ChildProcess; origin: string; bytes: Record<Script, number> }> {
  const child = spawn(process.execPath, [scriptPath, '--serve'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString()));
    child.once('exit', (code) => reject(new Error(`the bench server exited with ${code}`)));
  });
  return { child, ...(JSON.parse(line) as { origin: string; bytes: Record<Script, number> }) };
}

async function perRequest(origin: string) {
  const baseUrl = `${origin}/ascii/api/public/v3`;
  const bare = createClient<paths>({ baseUrl, headers });
  const client = createShippingClient({ baseUrl, ...credentials });
  const callers: Record<string, () => Promise<unknown>> = {
    'raw fetch': async () => (await fetch(`${baseUrl}/setups/carriers`, { headers })).json(),
    'bare openapi-fetch': () => bare.GET('/setups/carriers'),
    client: () => client.GET('/setups/carriers'),
  };
  const names = Object.keys(callers);
  const perCall: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
  // One request of each caller in turn, in an order that rotates; the first 10% only warm up.
  for (let i = 0; i < REQUESTS; i += 1) {
    for (let k = 0; k < names.length; k += 1) {
      const name = names[(i + k) % names.length]!;
      const start = performance.now();
      await callers[name]!();
      if (i >= REQUESTS / 10) perCall[name]!.push((performance.now() - start) * 1000);
    }
  }
  return Object.fromEntries(names.map((n) => [n, median(perCall[n]!)])) as Record<string, number>;
}

interface Side {
  ms: number[];
  cpuMs: number[];
  peakRssMiB: number[];
}

/** FILE_ROUNDS rounds of one fresh process per side, in an order that rotates from round to round. */
function wholeFile(origin: string, script: Script): Record<Variant, Side> {
  const empty = (): Side => ({ ms: [], cpuMs: [], peakRssMiB: [] });
  const sides: Record<Variant, Side> = { raw: empty(), peer: empty(), client: empty() };
  for (let round = 0; round < FILE_ROUNDS; round += 1) {
    for (let k = 0; k < VARIANTS.length; k += 1) {
      const variant = VARIANTS[(round + k) % VARIANTS.length]!;
      const run = spawnSync(
        process.execPath,
        ['--expose-gc', scriptPath, '--measure', variant, '--origin', origin, '--script', script],
        { encoding: 'utf8', maxBuffer: 1 << 20 },
      );
      if (run.status !== 0) throw new Error(`--measure ${variant} failed:\n${run.stderr}`);
      const { ms, cpuMs, peakRssMiB } = JSON.parse(run.stdout) as { ms: number; cpuMs: number; peakRssMiB: number };
      sides[variant].ms.push(ms);
      sides[variant].cpuMs.push(cpuMs);
      sides[variant].peakRssMiB.push(peakRssMiB);
    }
  }
  return sides;
}

/** The medians of one side. */
const medians = (side: Side) => ({ ms: median(side.ms), cpu: median(side.cpuMs), rss: median(side.peakRssMiB) });

/** "1.012 (goal <= 1.05: met)". */
const against = (ratio: number, goal: number) =>
  `${ratio.toFixed(3)} (goal <= ${goal.toFixed(2)}: ${ratio <= goal ? 'met' : 'NOT met'})`;

/** The lines of one file: each side's medians, then the client's ratios to the peer and to raw, side by side. */
function printFile(name: string, sides: Record<Variant, Side>): void {
  const [raw, peer, ours] = [medians(sides.raw), medians(sides.peer), medians(sides.client)];
  const line = (label: string, m: ReturnType<typeof medians>) =>
    `     ${label.padEnd(44)} ${m.ms.toFixed(0).padStart(5)} ms (CPU ${m.cpu.toFixed(0)} ms), peak RSS ${m.rss.toFixed(0)} MiB`;
  console.log(`   ${name}:`);
  console.log(line('raw fetch + text() + JSON.parse', raw));
  console.log(line('peer: fetch + res.json() + Ajv (standalone)', peer));
  console.log(line('fetchCarrierSetup (validated)', ours));
  console.log('                    client / peer                client / raw                 peer / raw');
  console.log(
    `     time           ${against(ours.ms / peer.ms, 1)}   ${against(ours.ms / raw.ms, 1.1)}   ${(peer.ms / raw.ms).toFixed(3)}`,
  );
  console.log(
    `     peak memory    ${against(ours.rss / peer.rss, 1)}   ${against(ours.rss / raw.rss, 1.05)}   ${(peer.rss / raw.rss).toFixed(3)}`,
  );
  console.log(
    `     CPU (record)   ${(ours.cpu / peer.cpu).toFixed(3).padEnd(29)}${(ours.cpu / raw.cpu).toFixed(3).padEnd(29)}${(peer.cpu / raw.cpu).toFixed(3)}`,
  );
}

export async function bench(): Promise<void> {
  const server = await startServer();
  try {
    const us = await perRequest(server.origin);
    console.log(
      `\nThe client. 1. Per request, GET /setups/carriers on loopback (${REQUESTS} sequential requests each, interleaved, median):`,
    );
    for (const [name, value] of Object.entries(us)) console.log(`   ${name.padEnd(20)} ${value.toFixed(1)} µs`);
    const thin = us.client! / us['bare openapi-fetch']!;
    console.log(
      `   client / bare openapi-fetch = ${thin.toFixed(3)} (goal <= 1.05: ${thin <= 1.05 ? 'met' : 'NOT met'})`,
    );
    console.log(`   client / raw fetch          = ${(us.client! / us['raw fetch']!).toFixed(3)} (for the record)`);
    console.log(
      `   bare openapi-fetch / raw    = ${(us['bare openapi-fetch']! / us['raw fetch']!).toFixed(3)} (for the record)`,
    );

    const rounds = `${FILE_ROUNDS} fresh processes a side, each downloading it once after ${WARM_UPS} runs on a ${WARM_UP_BYTES / 1024} KiB file of the same text`;
    console.log(`\n2. The setup file from loopback, status already COMPLETED: ${rounds}; medians:`);
    for (const script of SCRIPTS) {
      const megabytes = (server.bytes[script] / 1024 / 1024).toFixed(1);
      printFile(`${SCRIPT_NAMES[script]}, ${megabytes} MiB`, wholeFile(server.origin, script));
    }
  } finally {
    server.child.kill();
  }
}

// This file run on its own is a child of the measures: --serve the server, --measure one fresh process.
if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      serve: { type: 'boolean' },
      measure: { type: 'string' },
      origin: { type: 'string' },
      script: { type: 'string' },
    },
  });
  if (values.serve) await serve();
  else if (values.measure) await measure(values.measure as Variant, values.origin!, values.script!);
  else throw new Error('Run the bench with `npm run bench -- --part client`.');
}
