// Starts Prism (mock or validation proxy) on loopback and resolves once it listens.
import { spawn, type ChildProcess } from 'node:child_process';
import { BUNDLE_YAML as BUNDLE } from './paths.ts';
import { binPath, root } from './tools.ts';

export interface RunningPrism {
  /** The address Prism listens on, with no trailing slash. */
  url: string;
  process: ChildProcess;
  /** Everything Prism printed so far. */
  output: () => string;
  stop: () => Promise<void>;
}

export interface PrismOptions {
  host?: string;
  port: number;
  startTimeoutMs?: number;
}

function start(args: string[], { host = '127.0.0.1', port, startTimeoutMs = 60_000 }: PrismOptions): Promise<RunningPrism> {
  const child = spawn(process.execPath, [binPath('@stoplight/prism-cli', 'prism'), ...args, '--host', host, '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let log = '';
  const url = `http://${host}:${port}`;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`Prism did not start within ${startTimeoutMs} ms:\n${log}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      log += text;
      if (/Prism is listening/.test(log)) {
        clearTimeout(timer);
        resolve({ url, process: child, output: () => log, stop });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with code ${code} before it listened:\n${log}`));
    });
  });
}

/** Prism mocking the bundled contract. */
export const startMock = (options: PrismOptions) => start(['mock', BUNDLE], options);

/** Prism validating traffic between a client and `upstream` against the bundled contract. */
export const startValidationProxy = (upstream: string, options: PrismOptions) => start(['proxy', BUNDLE, upstream], options);
