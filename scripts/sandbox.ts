// `npm run sandbox`: the stateful sandbox of the API on loopback, until Ctrl-C.
//   npm run sandbox [-- --port 4020 --generation-ms 3000 --url-ttl-ms 900000 --min-poll-ms 1000 --setup-file <path>]
// Each flag has an environment variable: SANDBOX_PORT, SANDBOX_GENERATION_MS, SANDBOX_URL_TTL_MS,
// SANDBOX_MIN_POLL_MS, SANDBOX_SETUP_FILE. A flag wins over its variable.
import { Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULTS, startSandbox, type RunningSandbox } from '../src/sandbox/index.ts';
import { PortInUseError } from './lib/cli.ts';

export const DEFAULT_SANDBOX_PORT = 4020;

export interface SandboxCliOptions {
  port: number;
  generationMs: number;
  urlTtlMs: number;
  minPollMs: number;
  setupFile?: string;
}

const whole = (min: number, max = Number.MAX_SAFE_INTEGER) => (value: string) => {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || number < min || number > max) throw new InvalidArgumentError(`"${value}" is not a whole number from ${min} to ${max}.`);
  return number;
};

/** The sandbox's command line; parse(argv) reads flags, then SANDBOX_* variables, then defaults. */
export function sandboxCommand(): Command {
  return new Command('sandbox')
    .description('Serves a stateful sandbox of the Shipping Service Public API v3 on loopback.')
    .addOption(new Option('--port <port>', 'TCP port').env('SANDBOX_PORT').argParser(whole(0, 65535)).default(DEFAULT_SANDBOX_PORT))
    .addOption(new Option('--generation-ms <ms>', 'time from the first GET /setups/carriers to COMPLETED').env('SANDBOX_GENERATION_MS').argParser(whole(0)).default(DEFAULTS.generationMs))
    .addOption(new Option('--url-ttl-ms <ms>', 'time from COMPLETED to expires_at').env('SANDBOX_URL_TTL_MS').argParser(whole(1)).default(DEFAULTS.urlTtlMs))
    .addOption(new Option('--min-poll-ms <ms>', 'polls closer together than this get 429').env('SANDBOX_MIN_POLL_MS').argParser(whole(0)).default(DEFAULTS.minPollMs))
    .addOption(new Option('--setup-file <path>', 'serve this carrier setup file instead of the example one').env('SANDBOX_SETUP_FILE'))
    .showHelpAfterError();
}

export function sandboxBanner(sandbox: RunningSandbox): string {
  return [
    `Sandbox of the Shipping Service Public API v3: ${sandbox.baseUrl}`,
    `  Give the client baseUrl "${sandbox.baseUrl}" (any API user with a non-empty API key; each API user is its own account).`,
    `  curl -u apiuser:apikey ${sandbox.baseUrl}/setups/carriers`,
    `  Attributions, faults and reset: ${sandbox.origin}/_sandbox/ (see docs/sandbox.md)`,
  ].join('\n');
}

/**
 * Starts the sandbox on `port` with the other options from the SANDBOX_* variables (for `npm start`);
 * a port in use is one line naming `how` to choose another.
 */
export async function startSandboxOnPort(port: number, how: string): Promise<RunningSandbox> {
  try {
    return await startFromCli({ ...sandboxCommand().parse([], { from: 'user' }).opts<SandboxCliOptions>(), port });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError('127.0.0.1', port, how);
    throw error;
  }
}

export async function startFromCli(options: SandboxCliOptions): Promise<RunningSandbox> {
  return startSandbox({
    port: options.port,
    generationMs: options.generationMs,
    urlTtlMs: options.urlTtlMs,
    minPollMs: options.minPollMs,
    ...(options.setupFile ? { setupFile: options.setupFile } : {}),
  });
}

async function main(): Promise<void> {
  const options = sandboxCommand().parse(process.argv).opts<SandboxCliOptions>();
  const sandbox = await startFromCli(options);
  console.log(sandboxBanner(sandbox));
  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.main) {
  await main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
