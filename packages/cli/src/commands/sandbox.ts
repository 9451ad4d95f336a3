// `sandbox`: the sandbox of the Shipping Service API, until Ctrl-C or SIGTERM, which let the requests
// in flight finish: on loopback for any API user, or for the API users of an accounts file. Its log
// is JSON lines on stderr; stdout has the base URL alone. `npm run sandbox` runs this command.
import path from 'node:path';
import {
  admittedUsers,
  PortInUseError,
  type RunningSandbox,
  type SandboxSettings,
  startSandbox,
  stopOnSignal,
} from 'shipping-api-v3-sandbox';
import { CliError, EXIT, type Io, line } from '../io.ts';

export async function sandbox(settings: SandboxSettings, io: Io): Promise<number> {
  // The files are named from the folder the command runs in.
  const inCwd = (file: string | undefined) => (file === undefined ? undefined : path.resolve(io.cwd, file));
  let running: RunningSandbox;
  try {
    running = await startSandbox({
      ...settings,
      setupFile: inCwd(settings.setupFile),
      accounts: inCwd(settings.accounts),
      logDestination: io.stderr,
    });
  } catch (error) {
    if (error instanceof PortInUseError) throw CliError.from(error, EXIT.BAD_INPUT);
    throw CliError.from(error, EXIT.BAD_INPUT, `The sandbox did not start: ${(error as Error).message}`);
  }
  // Listening for the signals before the address is printed: whoever reads it may stop the sandbox at once.
  const stopped = stopOnSignal(running.app, io.signals, running.stopGraceMs);
  line(io.stdout, running.baseUrl);
  // A line of the log like every other on stderr, so that a log collector reads JSON only.
  running.app.log.info(
    `Sandbox of the Shipping Service Public API v3; it admits ${admittedUsers(running.accounts)}. Ctrl-C stops it.`,
  );
  await stopped;
  return EXIT.OK;
}
