// The sandbox as a process of its own, as an operator runs it (`shipping-api sandbox` or
// `npm run sandbox`), and raw HTTP exchanges on one connection, sent in as many pieces as a test needs.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { root } from '../../../dev/paths.ts';
import { FROM_SOURCE, MAIN, NODE } from './cli.ts';
import { until } from './until.ts';

export interface SandboxProcess {
  child: ChildProcess;
  /** The base URL the process printed first on stdout. */
  baseUrl: string;
  port: number;
  stdout(): string;
  stderr(): string;
  /** The exit code (or the signal that ended it), and when, in ms after the process started. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>;
}

const ENTRIES = {
  'shipping-api sandbox': [MAIN, 'sandbox'],
  'npm run sandbox': [path.join(root, 'scripts/sandbox.ts')],
};

/** Starts the sandbox on a free port with `args` and the SANDBOX_* variables of `env`; resolves once it listens. */
export async function startSandboxProcess(
  entry: keyof typeof ENTRIES,
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<SandboxProcess> {
  const started = performance.now();
  const child = spawn(NODE, [...ENTRIES[entry], '--port', '0', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...FROM_SOURCE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; atMs: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, atMs: performance.now() - started })),
  );
  const baseUrl = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      stdout += chunk;
      const found = /http:\/\/127\.0\.0\.1:\d+\/api\/public\/v3/.exec(stdout);
      if (found) resolve(found[0]);
    });
    child.once('exit', (code) => reject(new Error(`the sandbox exited with ${code}:\n${stderr}`)));
  });
  return {
    child,
    baseUrl,
    port: Number(new URL(baseUrl).port),
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
  };
}

export interface RawConnection {
  socket: net.Socket;
  /** Everything received on the connection so far. */
  received(): string;
  /** Settles when the connection closes, with when (performance.now()). */
  closed: Promise<number>;
}

/** A TCP connection to the sandbox on `port`, once established. */
export async function connect(port: number): Promise<RawConnection> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let received = '';
  socket.on('data', (chunk) => (received += chunk));
  socket.on('error', () => {});
  const closed = new Promise<number>((resolve) => socket.once('close', () => resolve(performance.now())));
  return { socket, received: () => received, closed };
}

/** Waits until a new connection to `port` is refused (the sandbox stopped listening); rejects after `ms`. */
export async function untilRefused(port: number, ms = 5000): Promise<void> {
  const refused = () =>
    new Promise<boolean>((resolve) => {
      const probe = net.connect(port, '127.0.0.1');
      probe.once('connect', () => {
        probe.destroy();
        resolve(false);
      });
      probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
    });
  await until(`port ${port} to refuse connections`, refused, ms, 25);
}

/** The head of a POST of `body` (its whole length declared), on a keep-alive connection. */
export const postHead = (pathname: string, body: string, authorization: string) =>
  `POST ${pathname} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${authorization}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
