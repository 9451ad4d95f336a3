// Records real traffic to a HAR file through Redocly's capture proxy, with every credential
// redacted before it reaches the proxy, so that no credential is ever written.
//   npm run record -- --target <base URL> [--port 4040] [--har recordings/<time>.har]
//
// The capture proxy runs in a process group of its own, so that Ctrl-C in a terminal (SIGINT to the
// terminal's process group) reaches the recorder alone; the recorder then stops the proxy once, and
// writes the HAR. Ctrl-C, SIGTERM and a crash of the proxy all end the same way: every exchange that
// finished is in the HAR, written to a temporary file and renamed, so it is whole or absent, never
// half-written. The proxy's own files live in `<file>.recording/` until then.
//
//   client --> redactor (:port) --> redocly proxy (records) --> restorer --> target
//
// The redactor swaps each Authorization value for a numbered placeholder and keeps the real value
// in memory only; the restorer, in the same process, puts it back before the request leaves for
// the target. When recording stops, the placeholders and loopback addresses in the HAR are replaced
// by `Basic [redacted]` and the target's own address.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { writeFileAtomically } from 'shipping-api-v3-cli/internal';
import { freePort, PortInUseError } from '../cli.ts';
import { binPath } from '../tools.ts';
import { root } from '../paths.ts';

export const DEFAULT_RECORD_PORT = 4040;
const SECRET_HEADERS = ['authorization', 'proxy-authorization'];
const PLACEHOLDER = /^(\S+ )?\[redacted:(\d+)\]$/;

export interface Recorder {
  /** Give this to the client as its base URL. */
  url: string;
  har: string;
  /** The capture proxy's process id. */
  proxyPid: number;
  /** Settles when the capture proxy exits, whether stopped or not, with its exit code or signal. */
  proxyExited: Promise<string>;
  /** Stops recording and writes the final, redacted HAR file; returns how many exchanges it holds. */
  stop: () => Promise<number>;
}

export interface RecorderOptions {
  target: string;
  har: string;
  port?: number;
  host?: string;
}

const listen = (server: http.Server, port: number, host: string) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError(host, port, { option: '--port', variable: 'RECORD_PORT' })
          : error,
      ),
    );
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port));
  });

const close = (server: http.Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** Forwards a request to `base` + its path, streaming both bodies. */
function forward(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  base: URL,
  headers: http.OutgoingHttpHeaders,
): void {
  const target = new URL(base.pathname.replace(/\/$/, '') + (req.url ?? '/'), base);
  const client = target.protocol === 'https:' ? https : http;
  const upstream = client.request(
    target,
    { method: req.method, headers: { ...headers, host: target.host } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', (error) => {
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`Recording proxy could not reach ${target.origin}: ${error.message}\n`);
  });
  req.pipe(upstream);
}

export async function startRecorder({
  target,
  har,
  port = DEFAULT_RECORD_PORT,
  host = '127.0.0.1',
}: RecorderOptions): Promise<Recorder> {
  let base: URL;
  try {
    base = new URL(target);
  } catch {
    throw new Error(`--target: "${target}" is not an absolute URL.`);
  }
  if (base.username || base.password)
    throw new Error('--target: put no credentials in the URL; the client sends them.');
  if (!['http:', 'https:'].includes(base.protocol))
    throw new Error(`--target: "${base.protocol}" is not http or https.`);

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
  const work = `${har}.recording`;
  const proxyHar = path.join(work, 'proxy.har');
  mkdirSync(work, { recursive: true });
  // detached: the proxy leads a process group of its own, out of reach of the terminal's Ctrl-C.
  const proxy = spawn(
    process.execPath,
    [
      binPath('@redocly/cli', 'redocly'),
      'proxy',
      '--target',
      `http://${host}:${restorerPort}`,
      '--host',
      host,
      '--port',
      String(proxyPort),
      '--har',
      proxyHar,
    ],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', NO_COLOR: '1' },
    },
  );
  // Whatever ends the recorder, the proxy does not outlive it.
  const killProxy = () => proxy.kill('SIGKILL');
  process.once('exit', killProxy);
  let proxyLog = '';
  proxy.stdout.on('data', (c) => (proxyLog += c));
  proxy.stderr.on('data', (c) => (proxyLog += c));
  const proxyExited = new Promise<string>((resolve) =>
    proxy.once('exit', (code, signal) => resolve(signal ?? `exit code ${code}`)),
  );
  const cleanUp = () => {
    process.removeListener('exit', killProxy);
    rmSync(work, { recursive: true, force: true });
  };
  const abandon = async (error: unknown): Promise<never> => {
    // Nothing may outlive a failed start.
    proxy.kill('SIGKILL');
    await proxyExited;
    await close(restorer);
    cleanUp();
    throw error;
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redocly proxy did not start:\n${proxyLog}`)), 60_000);
    const check = () => {
      if (!/listening/i.test(proxyLog)) return;
      clearTimeout(timer);
      resolve();
    };
    proxy.stdout.on('data', check);
    proxy.stderr.on('data', check);
    proxy.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redocly proxy exited with ${code}:\n${proxyLog}`));
    });
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

  let stopped: Promise<number> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      await close(redactor);
      if (proxy.exitCode === null && proxy.signalCode === null) {
        // Once: a second SIGINT would make the proxy quit before it writes its file.
        proxy.kill('SIGINT');
        const timer = setTimeout(() => proxy.kill('SIGKILL'), 30_000);
        await proxyExited;
        clearTimeout(timer);
      }
      await close(restorer);
      secrets.clear();
      const entries = finishEntries(readProxyEntries(proxyHar), `http://${host}:${restorerPort}`, base);
      await writeHarAtomically(har, entries);
      cleanUp();
      return entries.length;
    })());
  return { url: `http://${host}:${redactorPort}`, har, proxyPid: proxy.pid!, proxyExited, stop };
}

/**
 * The entries the proxy recorded: from its HAR file when it finished writing one, else from the
 * file of entries it appends to as each exchange finishes (one JSON line each; a line cut short by a
 * crash is left out).
 */
export function readProxyEntries(proxyHar: string): any[] {
  try {
    const entries = JSON.parse(readFileSync(proxyHar, 'utf8'))?.log?.entries;
    if (Array.isArray(entries)) return entries;
  } catch {
    // Not written, or cut short: read the entries one by one.
  }
  const lines = existsSync(`${proxyHar}.entries.tmp`)
    ? readFileSync(`${proxyHar}.entries.tmp`, 'utf8').split('\n')
    : [];
  return lines.flatMap((line) => {
    try {
      return line.trim() ? [JSON.parse(line)] : [];
    } catch {
      return [];
    }
  });
}

/** Writes the HAR 1.2 file whole (atomic-write.ts). */
function writeHarAtomically(file: string, entries: unknown[]): Promise<void> {
  const har = { log: { version: '1.2', creator: { name: 'shipping-api-v3-contract record', version: '1' }, entries } };
  return writeFileAtomically(file, `${JSON.stringify(har, null, 2)}\n`);
}

/** Replaces placeholders by `[redacted]`, and the restorer's loopback address by the target's. */
export function finishEntries(entries: any[], loopback: string, base: URL): any[] {
  const targetBase = base.href.replace(/\/$/, '');
  for (const entry of entries) {
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
  return entries;
}

/** `npm run record`: records until Ctrl-C, then writes the HAR file and exits. */
export async function recordTraffic(options: { target: string; port: number; har?: string }): Promise<void> {
  const har = path.resolve(
    options.har ?? path.join('recordings', `${new Date().toISOString().replace(/[:.]/g, '-')}.har`),
  );
  const shown = path.relative(process.cwd(), har);
  const recorder = await startRecorder({ target: options.target, har, port: options.port });
  console.log(`Recording to ${shown}: point the client at ${recorder.url}`);
  console.log('Credentials are redacted before anything is written. Press Ctrl-C to stop.');
  let stopping = false;
  const finish = async (reason?: string) => {
    if (stopping) return;
    stopping = true;
    const count = await recorder.stop();
    if (reason) console.error(`The capture proxy stopped unexpectedly (${reason}).`);
    console.log(
      `Wrote ${count} exchange${count === 1 ? '' : 's'} to ${shown}. Check it with: npm run contract -- ${shown}`,
    );
    process.exit(reason ? 1 : 0);
  };
  process.on('SIGINT', () => void finish());
  process.on('SIGTERM', () => void finish());
  void recorder.proxyExited.then((how) => finish(how));
}
