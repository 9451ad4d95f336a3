// Bench part `sandbox` (`npm run bench -- --part sandbox`): requests per second and p99 latency with
// 10 connections (autocannon), side by side in one run, of
//   - the sandbox as `shipping-api sandbox` starts it (the command line's own process, its default
//     log level, the log on stderr into a file as a service manager keeps it), its state in memory,
//   - the same with its state in Redis (redis-server on loopback) and an accounts file, as a hosted
//     instance runs (the credential cache spares scrypt on every request),
//   - the Prism mock of the contract (Prism's command line, toolchains/prism),
//   - a bare node:http server answering a constant (the ceiling of a Node server on this machine),
// for GET /setups/carriers and for POST /shipments with a valid body. Each server runs in a process
// of its own; autocannon (toolchains/bench) runs in this one. The servers are measured in turn, in
// ROUNDS rounds of rotating order, and the median of the rounds is printed, so that a burst of load
// from elsewhere on the machine does not fall on one server only. Beside requests per second, the CPU
// time each server process spent per request (from /proc, where there is one) shows the cost of a
// request whatever the load. Goals, in requests per second, for GET and POST each: the sandbox in memory at least 20x
// Prism and at least 0.6x the bare server; with Redis and an accounts file at least 10x Prism.
import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMock } from '../mock/prism.ts';
import { median } from '../bench.ts';
import { freePort } from '../cli.ts';
import { settingOf } from 'shipping-api-v3-sandbox/settings';
import { root } from '../paths.ts';
import { REDIS_INSTALL, redisServerPath, startRedisServer } from '../redis.ts';
import { toolchainModule } from '../toolchains.ts';
import { makeTempDir } from '../tools.ts';

/** The part of autocannon's API used here (the package ships no types). */
type Autocannon = (options: {
  url: string;
  method: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  body?: string;
}) => Promise<{
  requests: { average: number };
  latency: { p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}>;
/** autocannon of toolchains/bench (out of the root install), installed and loaded at its first run. */
const autocannon: Autocannon = (options) => toolchainModule<Autocannon>('bench', 'autocannon')(options);

const script = fileURLToPath(import.meta.url);
const CONNECTIONS = 10;
const DURATION_S = 4;
const WARMUP_S = 2;
const ROUNDS = 3;
const AUTHORIZATION = `Basic ${Buffer.from('bench-user:bench-key').toString('base64')}`;
const shipment = (): string =>
  JSON.stringify(
    JSON.parse(readFileSync(`${root}/generated/openapi.json`, 'utf8')).components.examples.ShipmentCreate.value,
  );

/** The sandbox's flags in the bench: polls as fast as autocannon sends them are not throttled, the first call completes. */
const SANDBOX_FLAGS = [
  '--port',
  '0',
  ...(['generationMs', 'minPollMs'] as const).flatMap((option) => [`--${settingOf(option).flag}`, '0']),
];
const CLI = `${root}/packages/cli/src/main.ts`;

/** --serve bare: the bare server, which prints its origin once it listens. */
async function serveBare(): Promise<void> {
  const status = Buffer.from('{"status":"REQUESTED","expires_at":null,"url":null}');
  const created = Buffer.from('{"id":"shipment-1"}');
  const server = createServer((request, response) => {
    if (request.method === 'POST') {
      request.resume();
      request.on('end', () =>
        response.writeHead(201, { 'content-type': 'application/json', 'content-length': created.length }).end(created),
      );
    } else response.writeHead(200, { 'content-type': 'application/json', 'content-length': status.length }).end(status);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  console.log(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
}

interface Child {
  /** The base URL the server printed: the sandbox's API base URL, or the bare server's origin. */
  base: string;
  child: ChildProcess;
  /** The command that started it, as a reader would type it. */
  command: string;
}

/** A server in a process of its own; the first line of its stdout is its base URL; its stderr goes to `log`. */
async function startChild(command: string, args: string[], log: string | 'inherit'): Promise<Child> {
  const stderr = log === 'inherit' ? 'inherit' : openSync(log, 'w');
  // The packages resolve to src/ in this repository (.npmrc's node-options, given to a bare start too).
  const env = { ...process.env, NODE_OPTIONS: '--conditions=shipping-api-source' };
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', stderr], env });
  if (typeof stderr === 'number') closeSync(stderr);
  const base = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim().split('\n')[0]!));
    child.once('exit', (code) => reject(new Error(`${command} exited with ${code}`)));
  });
  return { base, child, command };
}

/** `shipping-api sandbox` with the bench's flags and `more`, its log into `log`. */
const startSandboxCli = (log: string, more: string[] = []) => {
  const flags = [...SANDBOX_FLAGS, ...more];
  return startChild(`shipping-api sandbox ${flags.join(' ')} 2>${path.basename(log)}`, [CLI, 'sandbox', ...flags], log);
};

interface Measure {
  rps: number;
  p99: number;
  /** CPU time of the server process per request, in microseconds; NaN where /proc is missing. */
  cpuUs: number;
  non2xx: number;
  errors: number;
}

/** User + system CPU time of a process in microseconds, from /proc (Linux); NaN elsewhere. */
function cpuTimeUs(pid: number | undefined): number {
  if (pid === undefined || !existsSync(`/proc/${pid}/stat`)) return Number.NaN;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks of (almost always) 100 Hz.
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

async function measure(
  url: string,
  method: 'GET' | 'POST',
  pid: number | undefined,
  body: string | undefined,
  warmUp: boolean,
): Promise<Measure> {
  const options = {
    url,
    method,
    connections: CONNECTIONS,
    // Accept as fetch sends it: Prism 5.16 answers 500 to a request without one where the answer is */* (dev/mock/guard.ts).
    headers: {
      authorization: AUTHORIZATION,
      accept: '*/*',
      'partner-id': '10042',
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body } : {}),
  };
  if (warmUp) await autocannon({ ...options, duration: WARMUP_S });
  const before = cpuTimeUs(pid);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const cpuUs = (cpuTimeUs(pid) - before) / (result.requests.average * DURATION_S);
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuUs,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export async function bench(): Promise<void> {
  console.log(
    `\nThe sandbox against the Prism mock and a bare node:http server: ${CONNECTIONS} connections (autocannon), ${WARMUP_S} s warm-up, then ${ROUNDS} rounds of ${DURATION_S} s each in rotating order, median; each server in its own process.`,
  );
  const folder = makeTempDir('bench-sandbox-');
  const accountsFile = `${folder.dir}/accounts.json`;
  const { accountsText, hashKey } = await import('shipping-api-v3-sandbox/accounts');
  writeFileSync(accountsFile, accountsText([['bench-user', await hashKey('bench-key')]]));
  const sandbox = await startSandboxCli(`${folder.dir}/memory.log`);
  const bare = await startChild('a bare node:http server', [script, '--serve', 'bare'], 'inherit');
  const prism = await startMock({ port: await freePort() });
  // The sandbox with its state in Redis, as a hosted instance runs; without redis-server, not measured.
  const redisServer = redisServerPath ? await startRedisServer() : undefined;
  const redis = redisServer
    ? await startSandboxCli(`${folder.dir}/redis.log`, ['--store', redisServer.url, '--accounts', accountsFile])
    : undefined;
  console.log('\n  Started as:');
  for (const [name, command] of [
    ['sandbox', sandbox.command],
    ...(redis ? [['redis', redis.command.replace(accountsFile, '<accounts file of 1 API user>')]] : []),
    ['prism', 'the Prism mock of the bundled description, as npm run mock starts it'],
    ['bare', bare.command],
  ] as const)
    console.log(`    ${name.padEnd(8)} ${command}`);
  if (!redis)
    console.log(`\n  The sandbox with Redis is not measured: redis-server is not installed (${REDIS_INSTALL}).`);
  try {
    const servers = {
      sandbox: { base: sandbox.base, pid: sandbox.child.pid },
      ...(redis ? { redis: { base: redis.base, pid: redis.child.pid } } : {}),
      prism: { base: prism.url, pid: prism.process.pid },
      bare: { base: bare.base, pid: bare.child.pid },
    } as Record<'sandbox' | 'redis' | 'prism' | 'bare', { base: string; pid: number | undefined }>;
    const names = Object.keys(servers) as Array<keyof typeof servers>;
    const body = shipment();
    for (const [label, method, path] of [
      ['GET /setups/carriers', 'GET', '/setups/carriers'],
      ['POST /shipments (valid body)', 'POST', '/shipments'],
    ] as const) {
      const rounds: Record<string, Measure[]> = Object.fromEntries(names.map((name) => [name, []]));
      for (let round = 0; round < ROUNDS; round += 1) {
        for (let k = 0; k < names.length; k += 1) {
          const name = names[(round + k) % names.length]!;
          const { base, pid } = servers[name];
          rounds[name]!.push(
            await measure(`${base}${path}`, method, pid, method === 'POST' ? body : undefined, round === 0),
          );
        }
      }
      const results = Object.fromEntries(
        names.map((name) => {
          const all = rounds[name]!;
          const sum = (key: 'non2xx' | 'errors') => all.reduce((total, m) => total + m[key], 0);
          return [
            name,
            {
              rps: median(all.map((m) => m.rps)),
              p99: median(all.map((m) => m.p99)),
              cpuUs: median(all.map((m) => m.cpuUs)),
              non2xx: sum('non2xx'),
              errors: sum('errors'),
              each: all.map((m) => Math.round(m.rps)),
            },
          ];
        }),
      ) as Record<keyof typeof servers, Measure & { each: number[] }>;
      console.log(`\n  ${label}`);
      for (const [name, m] of Object.entries(results)) {
        const refused = m.non2xx + m.errors > 0 ? `  (${m.non2xx} non-2xx, ${m.errors} errors)` : '';
        const cpu = Number.isNaN(m.cpuUs) ? '' : `   server CPU ${m.cpuUs.toFixed(1).padStart(6)} µs/request`;
        console.log(
          `    ${name.padEnd(8)} ${m.rps.toFixed(0).padStart(7)} req/s   p99 ${String(m.p99).padStart(4)} ms${cpu}   rounds: ${m.each.join(', ')}${refused}`,
        );
      }
      const toPrism = results.sandbox.rps / results.prism.rps;
      const toBare = results.sandbox.rps / results.bare.rps;
      // A server that refused requests answered something else than what is compared: no verdict.
      const verdict = (ok: boolean, ...names: Array<keyof typeof results>) =>
        names.some((name) => results[name].non2xx + results[name].errors > 0)
          ? `not measured: ${names.filter((name) => results[name].non2xx + results[name].errors > 0).join(', ')} refused requests`
          : ok
            ? 'met'
            : 'NOT met';
      console.log(
        `    sandbox / prism = ${toPrism.toFixed(1)} (goal >= 20: ${verdict(toPrism >= 20, 'sandbox', 'prism')})`,
      );
      console.log(
        `    sandbox / bare  = ${toBare.toFixed(2)} (goal >= 0.6: ${verdict(toBare >= 0.6, 'sandbox', 'bare')})`,
      );
      if (results.redis) {
        const redisToPrism = results.redis.rps / results.prism.rps;
        console.log(
          `    redis / prism   = ${redisToPrism.toFixed(1)} (goal >= 10: ${verdict(redisToPrism >= 10, 'redis', 'prism')})`,
        );
      }
      // What any Node server could reach against Prism on this machine today: Prism's speed swings
      // from run to run (99 to 650 GET a second on the same machine), and the goal moves with it.
      const ceiling = results.bare.rps / results.prism.rps;
      console.log(
        `    bare / prism    = ${ceiling.toFixed(1)} (the ceiling: the goal of 20 asks the sandbox for ${(20 / ceiling).toFixed(2)} of the bare server)`,
      );
      if (!Number.isNaN(results.sandbox.cpuUs)) {
        console.log(
          `    CPU per request, bare / sandbox = ${(results.bare.cpuUs / results.sandbox.cpuUs).toFixed(2)}, prism / sandbox = ${(results.prism.cpuUs / results.sandbox.cpuUs).toFixed(1)} (for the record)`,
        );
      }
    }
    for (const name of ['memory', 'redis'].filter((name) => name === 'memory' || redis)) {
      const log = readFileSync(`${folder.dir}/${name}.log`, 'utf8');
      console.log(
        `\n  The ${name} sandbox's log: ${log.split('\n').length - 1} lines, ${(log.length / 1e6).toFixed(1)} MB.`,
      );
    }
  } finally {
    sandbox.child.kill();
    bare.child.kill();
    redis?.child.kill();
    await redisServer?.kill();
    folder.remove();
    await prism.stop();
  }
}

if (import.meta.main && process.argv[2] === '--serve') await serveBare();
