// Starts Prism's command line (mock or validation proxy) on loopback and resolves once it listens.
// The command line is toolchains/prism's (out of the root install), installed at the first start;
// npm start, npm run dev and npm run mock answer with Prism's mocker in their own process instead
// (prism-http.ts), from the root install.
import { spawn, type ChildProcess } from 'node:child_process';
import { writeRoutableBundle, SETUP_FILE_PATH } from './routable.ts';
import { binPath } from '../tools.ts';
import { root } from '../paths.ts';
import { installedToolchain } from '../toolchains.ts';

/** Prism's command line, of toolchains/prism, after installing it. */
function prismBin(): string {
  return binPath('@stoplight/prism-cli', 'prism', installedToolchain('prism'));
}

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

export interface MockPrismOptions extends PrismOptions {
  /**
   * The address the COMPLETED status example gives for the file; by default the file Prism itself
   * serves at SETUP_FILE_PATH.
   */
  fileUrl?: string;
  /** The bundled description to mock; by default generated/openapi.json. */
  bundle?: unknown;
}

function start(
  args: string[],
  { host = '127.0.0.1', port, startTimeoutMs = 60_000 }: PrismOptions,
  cleanUp: () => void,
): Promise<RunningPrism> {
  let bin: string;
  try {
    bin = prismBin();
  } catch (error) {
    cleanUp();
    throw error;
  }
  const child = spawn(process.execPath, [bin, ...args, '--host', host, '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  let log = '';
  const url = `http://${host}:${port}`;
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      cleanUp();
      resolve();
    }),
  );
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

/** Prism mocking the bundled contract, with the download served at SETUP_FILE_PATH. */
export function startMock(options: MockPrismOptions): Promise<RunningPrism> {
  const fileUrl = options.fileUrl ?? `http://${options.host ?? '127.0.0.1'}:${options.port}${SETUP_FILE_PATH}`;
  const routable = writeRoutableBundle(fileUrl, options.bundle);
  return start(['mock', routable.file], options, routable.remove);
}

/** Prism validating traffic between a client and `upstream` against the bundled contract. */
export function startValidationProxy(upstream: string, options: PrismOptions): Promise<RunningPrism> {
  const routable = writeRoutableBundle();
  return start(['proxy', routable.file, upstream], options, routable.remove);
}
