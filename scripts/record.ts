// Records real traffic to a HAR file through Redocly's capture proxy, with every credential
// redacted before it reaches the proxy, so that no credential is ever written.
//   npm run record -- --target <base URL> [--port 4040] [--har recordings/<time>.har]
//
//   client --> redactor (:port) --> redocly proxy (records) --> restorer --> target
//
// The redactor swaps each Authorization value for a numbered placeholder and keeps the real value
// in memory only; the restorer, in the same process, puts it back before the request leaves for
// the target. When recording stops, the placeholders and loopback addresses in the HAR are replaced
// by `Basic [redacted]` and the target's own address.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { binPath, root } from './lib/tools.ts';

const SECRET_HEADERS = ['authorization', 'proxy-authorization'];
const PLACEHOLDER = /^(\S+ )?\[redacted:(\d+)\]$/;

export interface Recorder {
  /** Give this to the client as its base URL. */
  url: string;
  har: string;
  /** Stops recording and writes the final, redacted HAR file. */
  stop: () => Promise<void>;
}

export interface RecorderOptions {
  target: string;
  har: string;
  port?: number;
  host?: string;
}

const listen = (server: http.Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });

const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function freePort(host: string): Promise<number> {
  const probe = http.createServer();
  const port = await listen(probe, 0, host);
  await close(probe);
  return port;
}

/** Forwards a request to `base` + its path, streaming both bodies. */
function forward(req: http.IncomingMessage, res: http.ServerResponse, base: URL, headers: http.OutgoingHttpHeaders): void {
  const target = new URL(base.pathname.replace(/\/$/, '') + (req.url ?? '/'), base);
  const client = target.protocol === 'https:' ? https : http;
  const upstream = client.request(target, { method: req.method, headers: { ...headers, host: target.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`Recording proxy could not reach ${target.origin}: ${error.message}\n`);
  });
  req.pipe(upstream);
}

export async function startRecorder({ target, har, port = 4040, host = '127.0.0.1' }: RecorderOptions): Promise<Recorder> {
  let base: URL;
  try {
    base = new URL(target);
  } catch {
    throw new Error(`--target: "${target}" is not an absolute URL.`);
  }
  if (base.username || base.password) throw new Error('--target: put no credentials in the URL; the client sends them.');
  if (!['http:', 'https:'].includes(base.protocol)) throw new Error(`--target: "${base.protocol}" is not http or https.`);

  const secrets = new Map<number, Record<string, string>>();
  let next = 0;

  const restorer = http.createServer((req, res) => {
    const headers = { ...req.headers };
    for (const name of SECRET_HEADERS) {
      const match = PLACEHOLDER.exec(String(headers[name] ?? ''));
      if (match) headers[name] = secrets.get(Number(match[2]))?.[name] ?? '';
    }
    forward(req, res, base, headers);
  });
  const restorerPort = await listen(restorer, 0, host);

  const proxyPort = await freePort(host);
  mkdirSync(path.dirname(har), { recursive: true });
  const proxy = spawn(
    process.execPath,
    [binPath('@redocly/cli', 'redocly'), 'proxy', '--target', `http://${host}:${restorerPort}`, '--host', host, '--port', String(proxyPort), '--har', har],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' } },
  );
  let proxyLog = '';
  proxy.stdout.on('data', (c) => (proxyLog += c));
  proxy.stderr.on('data', (c) => (proxyLog += c));
  const proxyExited = new Promise<void>((resolve) => proxy.once('exit', () => resolve()));
  const abandon = async (error: unknown): Promise<never> => {
    // Nothing may outlive a failed start.
    proxy.kill('SIGKILL');
    await proxyExited;
    await close(restorer);
    throw error;
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redocly proxy did not start:\n${proxyLog}`)), 60_000);
    const check = () => /listening/i.test(proxyLog) && (clearTimeout(timer), resolve());
    proxy.stdout.on('data', check);
    proxy.stderr.on('data', check);
    proxy.once('exit', (code) => (clearTimeout(timer), reject(new Error(`redocly proxy exited with ${code}:\n${proxyLog}`))));
  }).catch(abandon);

  const redactor = http.createServer((req, res) => {
    const headers = { ...req.headers };
    const kept: Record<string, string> = {};
    for (const name of SECRET_HEADERS) {
      const value = headers[name];
      if (typeof value !== 'string') continue;
      kept[name] = value;
      const scheme = /^\S+ /.exec(value)?.[0] ?? '';
      headers[name] = `${scheme}[redacted:${next}]`;
    }
    if (Object.keys(kept).length > 0) secrets.set(next, kept);
    next += 1;
    forward(req, res, new URL(`http://${host}:${proxyPort}`), headers);
  });
  const redactorPort = await listen(redactor, port, host).catch(abandon);

  const stop = async () => {
    await close(redactor);
    proxy.kill('SIGINT');
    await proxyExited;
    await close(restorer);
    secrets.clear();
    finishHar(har, `http://${host}:${restorerPort}`, base);
  };
  return { url: `http://${host}:${redactorPort}`, har, stop };
}

/** Replaces placeholders by `[redacted]`, and the restorer's loopback address by the target's. */
export function finishHar(file: string, loopback: string, base: URL): void {
  const har = JSON.parse(readFileSync(file, 'utf8'));
  const targetBase = base.href.replace(/\/$/, '');
  for (const entry of har.log?.entries ?? []) {
    const request = entry.request;
    if (typeof request.url === 'string' && request.url.startsWith(loopback)) {
      request.url = targetBase + request.url.slice(loopback.length).replace(/^\/(?=\/)/, '');
    }
    for (const header of request.headers ?? []) {
      const name = String(header.name).toLowerCase();
      if (SECRET_HEADERS.includes(name)) header.value = String(header.value).replace(/\[redacted:\d+\]/, '[redacted]');
      if (name === 'host') header.value = base.host;
    }
  }
  writeFileSync(file, JSON.stringify(har, null, 2) + '\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { target: { type: 'string' }, port: { type: 'string', default: '4040' }, har: { type: 'string' } } });
  if (!values.target) {
    console.error('Usage: npm run record -- --target <base URL> [--port 4040] [--har <file.har>]');
    process.exit(2);
  }
  const har = path.resolve(values.har ?? path.join('recordings', `${new Date().toISOString().replace(/[:.]/g, '-')}.har`));
  const recorder = await startRecorder({ target: values.target, har, port: Number(values.port) });
  console.log(`Recording to ${path.relative(process.cwd(), har)}: point the client at ${recorder.url}`);
  console.log('Credentials are redacted before anything is written. Press Ctrl-C to stop.');
  process.once('SIGINT', () =>
    void recorder.stop().then(() => {
      console.log(`Wrote ${path.relative(process.cwd(), har)}. Check it with: npm run contract -- ${path.relative(process.cwd(), har)}`);
      process.exit(0);
    }),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
