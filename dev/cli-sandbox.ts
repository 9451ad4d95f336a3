// The command-line parts the scripts share with the sandbox's own command line: its port option and
// the error of a port in use. Apart from dev/cli.ts, since the sandbox reads generated/ and the
// scripts that make generated/ must not.
import { DEFAULT_SANDBOX_PORT, PortInUseError, parseSandboxPort } from '../src/sandbox/command-line.ts';
import { portOption } from './cli.ts';

export { PortInUseError };

/** The sandbox's port: `--<flag>` or SANDBOX_PORT, 4020 by default. */
// Parsed as `npm run sandbox` parses it, so that SANDBOX_PORT means the same to both (0: a free port).
export const sandboxPortOption = (flag = 'port') =>
  portOption(flag, 'SANDBOX_PORT', DEFAULT_SANDBOX_PORT, 'port of the sandbox').argParser(parseSandboxPort);
