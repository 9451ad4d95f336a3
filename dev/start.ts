// `npm start`: brings the generated files up to date, then serves the rendered API reference, the
// mock and the sandbox side by side on loopback until Ctrl-C.
//   npm start [-- --docs-port 8080 --port 4010 --sandbox-port 4020 --sandbox-host 127.0.0.1 --sandbox-accounts <file>]
//   (or DOCS_PORT, MOCK_PORT, SANDBOX_PORT, SANDBOX_HOST, SANDBOX_ACCOUNTS)
import { refresh } from './build.ts';
import { serveDocs } from './docs-server.ts';
import type { TryItServer } from './try-it/proxy.ts';
import { mockBanner, startMock } from './mock.ts';
import { admittedUsers, type RunningSandbox, type SandboxSettings, startSandbox } from 'shipping-api-v3-sandbox';

/** One server of `npm start`: what it prints once it listens, how it stops, and when it dies. */
interface Started {
  banner: string;
  stop: () => Promise<void>;
  /** Settles if the server stops on its own. */
  exited?: Promise<number | null>;
}

export interface Options {
  port: number;
  docsPort: number;
  /** Every setting of the sandbox: --sandbox-port, --sandbox-host, --sandbox-accounts, the others from SANDBOX_* variables. */
  sandbox: SandboxSettings;
}

/** What the sandbox prints under `npm start`: where it is, whom it admits, and how to try it. */
export function sandboxBanner(sandbox: RunningSandbox): string {
  return [
    `Sandbox of the Shipping Service Public API v3: ${sandbox.baseUrl}`,
    `  Give the client baseUrl "${sandbox.baseUrl}"; it admits ${admittedUsers(sandbox.accounts)} (each API user is its own account).`,
    `  curl -u ${sandbox.accounts === undefined ? 'apiuser:apikey' : '<API user>:<API key>'} ${sandbox.baseUrl}/setups/carriers`,
    `  Attributions, faults and reset: ${sandbox.origin}/_sandbox/ (see docs/sandbox.md)`,
  ].join('\n');
}

/**
 * The servers, started in this order and stopped in the reverse order. `tryIt` lists the servers the
 * reference's Try it reaches through the docs server; it is filled as they start, and read at each request.
 */
const SERVERS: Array<{ name: string; start: (options: Options, tryIt: TryItServer[]) => Promise<Started> }> = [
  {
    name: 'the rendered reference',
    start: async ({ docsPort }, tryIt) => {
      const docs = await serveDocs({ port: docsPort, tryIt });
      return { banner: `API reference: ${docs.url}`, stop: docs.stop };
    },
  },
  {
    name: 'the mock',
    start: async ({ port }, tryIt) => {
      const mock = await startMock({ port });
      tryIt.push({ name: 'mock', label: 'mock', baseUrl: mock.baseUrl });
      return { banner: mockBanner(mock.baseUrl), stop: mock.stop, exited: mock.exited };
    },
  },
  {
    name: 'the sandbox',
    start: async ({ sandbox: settings }, tryIt) => {
      const sandbox = await startSandbox({ ...settings, portFlag: 'sandbox-port' });
      // Try it offers the sandbox first.
      tryIt.unshift({ name: 'sandbox', label: 'sandbox', baseUrl: sandbox.baseUrl });
      return { banner: sandboxBanner(sandbox), stop: sandbox.close };
    },
  },
];

/**
 * `npm start`: refreshes the generated files, then serves the three servers until Ctrl-C.
 * START_SKIP_REFRESH=1 leaves the refresh out (about 5 CPU-seconds when nothing is stale): for the
 * tests that start it, which test refresh() by itself and need not check every generated file again,
 * nor remake one in the working tree while other test files read it.
 */
export async function startAll(options: Options): Promise<void> {
  if (process.env.START_SKIP_REFRESH === '1') console.log('Generated files not checked (START_SKIP_REFRESH=1).');
  else {
    const made = await refresh();
    console.log(made.length > 0 ? `Remade from the contract: ${made.join(', ')}.` : 'Generated files are up to date.');
  }

  const started: Array<Started & { name: string }> = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const server of started.reverse()) await server.stop();
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  const tryIt: TryItServer[] = [];
  try {
    for (const server of SERVERS) started.push({ name: server.name, ...(await server.start(options, tryIt)) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
  for (const server of started) console.log(server.banner);
  console.log('Press Ctrl-C to stop them all.');
  for (const server of started) {
    void server.exited?.then((code) => {
      if (stopping) return;
      console.error(
        `${server.name[0]!.toUpperCase()}${server.name.slice(1)} stopped unexpectedly (exit code ${code}).`,
      );
      void stop(code || 1);
    });
  }
}
