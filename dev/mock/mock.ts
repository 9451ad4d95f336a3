// The mock as users run it: the guard on the public port, Prism behind it on a free loopback port.
import { freePort } from '../cli.ts';
import { MOCK_BASE_PATH, startGuard } from './guard.ts';
import { startMock as startPrism } from './prism.ts';
import { SETUP_FILE_PATH } from './routable.ts';

export interface MockOptions {
  host?: string;
  port: number;
  bodyLimit?: number;
  /** How the user changes the port, for the error when it is taken. */
  portHint?: { option: string; variable: string };
}

export interface RunningMock {
  /** The mock's origin, with no trailing slash. */
  url: string;
  /** The base URL of the API on the mock: the origin and /api/public/v3, as on the service. */
  baseUrl: string;
  /** Settles when Prism exits, with its exit code (not when reload replaces it). */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
  /** Starts a Prism on the bundle as it is now, sends the requests to it, and stops the one before. */
  reload: () => Promise<void>;
  /**
   * Starts a Prism on `bundle` (by default the bundle as it is now) and waits: `commit` sends the
   * requests to it once it listens and stops the one before; `discard` stops it.
   */
  prepare: (bundle?: unknown) => { commit: () => Promise<void>; discard: () => Promise<void> };
}

/** Starts the guard first, so that a port in use is reported before Prism is started at all. */
export async function startMock({
  host = '127.0.0.1',
  port,
  bodyLimit,
  portHint = { option: '--port', variable: 'MOCK_PORT' },
}: MockOptions): Promise<RunningMock> {
  let prism: Awaited<ReturnType<typeof startPrism>> | undefined;
  let stopping = false;
  let exit: (code: number | null) => void = () => {};
  const exited = new Promise<number | null>((resolve) => (exit = resolve));
  const guard = await startGuard({ upstream: () => prism!.url, host, port, bodyLimit, portHint });
  /** Starts a Prism on the bundle as it is now; only the Prism in service settles `exited` when it exits. */
  const launch = async (bundle?: unknown) => {
    const started = await startPrism({
      host,
      port: await freePort(host),
      fileUrl: `${guard.url}${SETUP_FILE_PATH}`,
      bundle,
    });
    const watch = (code: number | null) => {
      if (started === prism && !stopping) exit(code);
    };
    if (started.process.exitCode !== null) watch(started.process.exitCode);
    else started.process.once('exit', watch);
    return started;
  };
  try {
    prism = await launch();
  } catch (error) {
    await guard.close();
    throw error;
  }
  const stop = async () => {
    stopping = true;
    await guard.close();
    await prism?.stop();
  };
  // The new Prism listens before the guard sends it anything: the port never answers from neither.
  const prepare = (bundle?: unknown) => {
    const next = launch(bundle);
    // Settled by commit or discard; its own failure is reported by commit.
    next.catch(() => {});
    return {
      commit: async () => {
        const started = await next;
        const previous = prism;
        prism = started;
        await previous?.stop();
      },
      discard: async () => {
        const started = await next.catch(() => undefined);
        await started?.stop();
      },
    };
  };
  return {
    url: guard.url,
    baseUrl: `${guard.url}${MOCK_BASE_PATH}`,
    exited,
    stop,
    reload: () => prepare().commit(),
    prepare,
  };
}

export function mockBanner(baseUrl: string): string {
  return [
    `Mock of the Shipping Service Public API v3: ${baseUrl}`,
    `  Give the client baseUrl "${baseUrl}" (any Basic credentials; none get 401).`,
    `  curl -u apiuser:apikey ${baseUrl}/setups/carriers -H 'Prefer: example=completed'`,
  ].join('\n');
}

/** `npm run mock`: serves the mock until Ctrl-C, or until Prism exits (with its exit code). */
export async function serveMock({ port }: { port: number }): Promise<void> {
  const mock = await startMock({ port });
  console.log(mockBanner(mock.baseUrl));
  const stop = () => void mock.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  void mock.exited.then((code) => process.exit(code ?? 0));
}
