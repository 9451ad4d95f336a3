// `sandbox`: the sandbox of the Shipping Service API on loopback, until Ctrl-C or SIGTERM, which let
// the requests in flight finish; its log is JSON lines on stderr, stdout has the base URL alone.
import path from 'node:path';
import { PortInUseError, type SandboxCliOptions } from '../../sandbox/command-line.ts';
import { startSandbox, stopOnSignal } from '../../sandbox/index.ts';
import { CliError, EXIT, type Io, line } from '../io.ts';

export async function sandbox(flags: SandboxCliOptions, io: Io): Promise<number> {
  // A setup file is named from the folder the command runs in.
  const setupFile = flags.setupFile === undefined ? undefined : path.resolve(io.cwd, flags.setupFile);
  let running: Awaited<ReturnType<typeof startSandbox>>;
  try {
    running = await startSandbox({ ...flags, setupFile, logDestination: io.stderr });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      throw new CliError(new PortInUseError('127.0.0.1', flags.port, '--port or SANDBOX_PORT').message, EXIT.BAD_INPUT);
    }
    throw new CliError(`The sandbox did not start: ${(error as Error).message}`, EXIT.BAD_INPUT);
  }
  line(io.stdout, running.baseUrl);
  // A line of the log like every other on stderr, so that a log collector reads JSON only.
  running.app.log.info(
    'Sandbox of the Shipping Service Public API v3; any Basic user name and non-empty key. Ctrl-C stops it.',
  );
  await stopOnSignal(running.app, io.signals);
  return EXIT.OK;
}
