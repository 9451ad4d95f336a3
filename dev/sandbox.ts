// `npm run sandbox`: the stateful sandbox of the API, until Ctrl-C or SIGTERM.
//   npm run sandbox [-- --port 4020 --host 127.0.0.1 --accounts <file> --store memory --generation-ms 3000
//                      --url-ttl-ms 900000 --min-poll-ms 1000 --setup-file <path> --log-level info]
// Each flag has an environment variable: SANDBOX_PORT, SANDBOX_HOST, SANDBOX_ACCOUNTS, SANDBOX_STORE,
// SANDBOX_GENERATION_MS, SANDBOX_URL_TTL_MS, SANDBOX_MIN_POLL_MS, SANDBOX_SETUP_FILE, SANDBOX_LOG_LEVEL.
// A flag wins over its variable. The options are those of src/sandbox/command-line.ts, which
// `shipping-api sandbox` shares. The banner goes to stdout, the JSON log to stderr.
import type { Command } from 'commander';
import { SANDBOX_MODES, sandboxBanner, sandboxOptions, type SandboxCliOptions } from '../src/sandbox/command-line.ts';
import { startSandbox, stopOnSignal, type RunningSandbox } from '../src/sandbox/index.ts';
import { command } from './cli.ts';
import { PortInUseError } from './cli-sandbox.ts';

export { sandboxBanner };

/** The sandbox's command line; parse(argv) reads flags, then SANDBOX_* variables, then defaults. */
export function sandboxCommand(): Command {
  const sandbox = command(
    'sandbox',
    'Serves a stateful sandbox of the Shipping Service Public API v3, on loopback unless told.',
  ).addHelpText('after', SANDBOX_MODES);
  for (const option of sandboxOptions()) sandbox.addOption(option);
  return sandbox.showHelpAfterError();
}

/** Starts the sandbox; a port in use is one line naming `how` to choose another. */
async function start(options: SandboxCliOptions, how: string): Promise<RunningSandbox> {
  try {
    return await startSandbox(options);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new PortInUseError(options.host, options.port, how);
    throw error;
  }
}

/**
 * Starts the sandbox with the port, host and accounts of `npm start`'s flags (--sandbox-port,
 * --sandbox-host, --sandbox-accounts) and the other options from the SANDBOX_* variables.
 */
export function startSandboxWith(
  given: Pick<SandboxCliOptions, 'port' | 'host' | 'accounts'>,
  how: string,
): Promise<RunningSandbox> {
  return start({ ...sandboxCommand().parse([], { from: 'user' }).opts<SandboxCliOptions>(), ...given }, how);
}

/**
 * `npm run sandbox`: serves the sandbox with the parsed options until Ctrl-C or SIGTERM, which let
 * the requests in flight finish (src/sandbox/stopping.ts); then exit code 0.
 */
export async function serveSandbox(options: SandboxCliOptions): Promise<number> {
  const sandbox = await start(options, '--port or SANDBOX_PORT');
  // Listening for the signals before the banner: whoever reads it may stop the sandbox at once.
  const stopped = stopOnSignal(sandbox.app, process);
  console.log(sandboxBanner(sandbox));
  await stopped;
  return 0;
}
