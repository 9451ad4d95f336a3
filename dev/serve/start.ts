// `npm start`: brings the generated files up to date, then serves the rendered API reference, the
// mock and the sandbox side by side on loopback until Ctrl-C.
//   npm start [-- --docs-port 8080 --port 4010 --sandbox-port 4020 --sandbox-host 127.0.0.1 --sandbox-accounts <file>]
//   (or DOCS_PORT, MOCK_PORT, SANDBOX_PORT, SANDBOX_HOST, SANDBOX_ACCOUNTS)
import type { Command } from 'commander';
import { sandboxFlags, sandboxSettings } from '../../packages/cli/src/sandbox-flags.ts';
import { refresh } from '../build/build.ts';
import { command, docsPortOption, mockPortOption } from '../cli.ts';
import { type DocsHooks, serveDocs } from '../docs/server.ts';
import { mockBanner, type RunningMock, startMock } from '../mock/mock.ts';
import type { TryItServer } from '../docs/try-it/proxy.ts';
import {
  admittedUsers,
  type RunningSandbox,
  type SandboxContract,
  type SandboxSettings,
  startSandbox,
} from 'shipping-api-v3-sandbox';

/** One server of `npm start`: what it prints once it listens, how it stops, and when it dies. */
interface Started {
  banner: string;
  stop: () => Promise<void>;
  /** Settles if the server stops on its own. */
  exited?: Promise<number | null>;
  mock?: RunningMock;
}

export interface Options {
  port: number;
  docsPort: number;
  /** Every setting of the sandbox: --sandbox-port, --sandbox-host, --sandbox-accounts, the others from SANDBOX_* variables. */
  sandbox: SandboxSettings;
}

/**
 * The command line of `npm start`, which `npm run dev` shares: the ports of the three servers and
 * the sandbox's settings, from flags or variables. `options` reads them once the command is parsed.
 */
export function serverCommand(name: string, description: string): { command: Command; options: () => Options } {
  const server = command(name, description).addOption(docsPortOption()).addOption(mockPortOption());
  for (const option of sandboxFlags('sandbox-', ['port', 'host', 'accounts'])) server.addOption(option);
  const options = () => {
    const parsed = server.opts<{ docsPort: number; port: number }>();
    return { ...parsed, sandbox: sandboxSettings(server, 'sandbox-') };
  };
  return { command: server, options };
}

/** What `npm run dev` adds to `npm start`: its own preparation, the docs server's hooks, the mock to reload. */
export interface Live {
  /** Instead of the refresh of the generated files; `stop` stops every server and exits with `code`. */
  prepare: (stop: (code: number) => Promise<void>) => Promise<void>;
  docs: DocsHooks;
  /** Called with the mock once every server listens. */
  started: (mock: RunningMock) => void;
  /** The exit code when a server cannot start (a port in use). */
  failureCode: number;
  /** The contract the sandbox checks bodies against, asked at each check: the one last built. */
  contract: () => SandboxContract;
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
 * reference's Try it reaches through the docs server; it is filled as they start, and read at each
 * request. `live` is what `npm run dev` adds (its hooks of the docs server).
 */
const SERVERS: Array<{
  name: string;
  start: (options: Options, tryIt: TryItServer[], live?: Live) => Promise<Started>;
}> = [
  {
    name: 'the rendered reference',
    start: async ({ docsPort }, tryIt, live) => {
      const docs = await serveDocs({ port: docsPort, tryIt, hooks: live?.docs });
      return { banner: `API reference: ${docs.url}`, stop: docs.stop };
    },
  },
  {
    name: 'the mock',
    start: async ({ port }, tryIt) => {
      const mock = await startMock({ port });
      tryIt.push({ name: 'mock', label: 'mock', baseUrl: mock.baseUrl });
      return { banner: mockBanner(mock.baseUrl), stop: mock.stop, mock };
    },
  },
  {
    name: 'the sandbox',
    start: async ({ sandbox: settings }, tryIt, live) => {
      const sandbox = await startSandbox({ ...settings, portFlag: 'sandbox-port', contract: live?.contract });
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
export async function startAll(options: Options, live?: Live): Promise<void> {
  const started: Array<Started & { name: string }> = [];
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const server of started.reverse()) await server.stop();
    process.exit(code);
  };
  if (live) await live.prepare(stop);
  else if (process.env.START_SKIP_REFRESH === '1') console.log('Generated files not checked (START_SKIP_REFRESH=1).');
  else {
    const made = await refresh();
    console.log(made.length > 0 ? `Remade from the contract: ${made.join(', ')}.` : 'Generated files are up to date.');
  }

  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  const tryIt: TryItServer[] = [];
  try {
    for (const server of SERVERS) started.push({ name: server.name, ...(await server.start(options, tryIt, live)) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(live?.failureCode ?? 1);
  }
  for (const server of started) console.log(server.banner);
  const mock = started.find((server) => server.mock)?.mock;
  if (live && mock) live.started(mock);
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
