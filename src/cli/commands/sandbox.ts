// `sandbox`: the sandbox of the Shipping Service API, until Ctrl-C or SIGTERM, which let the requests
// in flight finish: on loopback for any API user, or for the API users of an accounts file. Its log
// is JSON lines on stderr; stdout has the base URL alone.
import path from 'node:path';
import { admittedUsers, PortInUseError, type SandboxCliOptions } from '../../sandbox/command-line.ts';
import { startSandbox, stopOnSignal } from '../../sandbox/index.ts';
import { CliError, EXIT, type Io, line } from '../io.ts';

export async function sandbox(flags: SandboxCliOptions, io: Io): Promise<number> {
  // The files are named from the folder the command runs in.
  const inCwd = (file: string | undefined) => (file === undefined ? undefined : path.resolve(io.cwd, file));
  let running: Awaited<ReturnType<typeof startSandbox>>;
  try {
    running = await startSandbox({
      ...flags,
      setupFile: inCwd(flags.setupFile),
      accounts: inCwd(flags.accounts),
      logDestination: io.stderr,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new CliError(new PortInUseError(flags.host, flags.port, '--port or SANDBOX_PORT').message, EXIT.BAD_INPUT);
    }
    throw new CliError(`The sandbox did not start: ${(error as Error).message}`, EXIT.BAD_INPUT);
  }
  // Listening for the signals before the address is printed: whoever reads it may stop the sandbox at once.
  const stopped = stopOnSignal(running.app, io.signals);
  line(io.stdout, running.baseUrl);
  // A line of the log like every other on stderr, so that a log collector reads JSON only.
  running.app.log.info(
    `Sandbox of the Shipping Service Public API v3; it admits ${admittedUsers(running.accounts)}. Ctrl-C stops it.`,
  );
  await stopped;
  return EXIT.OK;
}
