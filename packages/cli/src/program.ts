// The `shipping-api` command line: the commands assembled (each owns its flags and help, in
// commands/*.command.ts), and one function that runs it and returns the exit code, so that it runs
// the same in a test as in a shell.
import { Command, CommanderError, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { checkCommand } from './commands/check.command.ts';
import { conformCommand } from './commands/conform.command.ts';
import { coverageCommand } from './commands/coverage.command.ts';
import { sandboxCommand } from './commands/sandbox.command.ts';
import { sandboxAccountsCommand } from './commands/sandbox-accounts.command.ts';
import { setupDiffCommand } from './commands/setup-diff.command.ts';
import { setupPullCommand } from './commands/setup-pull.command.ts';
import { setupRoutesCommand } from './commands/setup-routes.command.ts';
import { setupShowCommand } from './commands/setup-show.command.ts';
import { setupValidateCommand } from './commands/setup-validate.command.ts';
import { CliError, type Done, EXIT, type Io, line, painter } from './io.ts';
import { VERSION } from './version.ts';

const ENVIRONMENT = `
Environment (the connection is never taken from a flag, and never printed):
  SHIPPING_BASE_URL    the API root, ending in /api/public/v3 (HTTPS, or HTTP on loopback)
  SHIPPING_USER        the API user
  SHIPPING_API_KEY     the API key
  SHIPPING_PARTNER_ID  optional: the numeric Partner ID, sent as the Partner-ID header
  SHIPPING_CREDENTIAL_ORIGINS  optional: origins besides the API's that receive the credentials (comma-separated)
  NO_COLOR             when set, no colour even on a terminal

Exit codes:
  0    done; the check passed
  1    the check failed (problems in the shipment or the setup file; a rule the server breaks); setup diff: changes found;
       coverage: below --min
  2    bad input: a wrong flag, a missing variable, a file that cannot be read or is not JSON
  3    the service, the network or the workflow failed
  130  interrupted (Ctrl-C)`;

function createProgram(io: Io, done: Done): Command {
  const paint = painter(io.stderr, io.env);
  const program = new Command('shipping-api')
    .description(
      'Pull and read the carrier setup file of the Shipping Service Public API v3, check a shipment against it before sending it, check a server against the specification, and measure what recorded traffic exercised of the contract.',
    )
    .version(VERSION, '-V, --version')
    .helpOption('-h, --help', 'show help for the command')
    .addHelpText('after', ENVIRONMENT)
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(paint('red', text)),
    });
  program
    .addCommand(
      new Command('setup')
        .description('pull, validate and read the carrier setup file')
        .addCommand(setupPullCommand(io, done))
        .addCommand(setupValidateCommand(io, done))
        .addCommand(setupDiffCommand(io, done))
        .addCommand(setupRoutesCommand(io, done))
        .addCommand(setupShowCommand(io, done)),
    )
    .addCommand(checkCommand(io, done))
    .addCommand(conformCommand(io, done))
    .addCommand(coverageCommand(io, done))
    .addCommand(sandboxCommand(io, done))
    .addCommand(sandboxAccountsCommand(io, done));
  // Every command, nested ones too, ends through runCli and writes where the program writes.
  const configure = (command: CommandUnknownOpts): void => {
    command.exitOverride().configureOutput(program.configureOutput()).showHelpAfterError('(add --help for usage)');
    for (const sub of command.commands) configure(sub);
  };
  configure(program);
  return program;
}

/** Runs the command line on `argv` (without node and the script) and returns the exit code. */
export async function runCli(argv: string[], io: Io): Promise<number> {
  let code: number = EXIT.OK;
  // With --json, a failure that printed nothing on stdout prints { error, exitCode } there.
  let printed = false;
  const write = (text: string) => {
    printed = true;
    return io.stdout.write(text);
  };
  const program = createProgram({ ...io, stdout: { write, isTTY: io.stdout.isTTY } }, (exitCode) => {
    code = exitCode;
  });
  try {
    await program.parseAsync(argv, { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.OK : EXIT.BAD_INPUT;
    if (error instanceof CliError) {
      if (argv.includes('--json') && !printed) {
        const { message, exitCode, code, option, variable } = error;
        line(io.stdout, JSON.stringify({ error: message, exitCode, code, option, variable }));
      }
      line(io.stderr, painter(io.stderr, io.env)('red', `shipping-api: ${error.message}`));
      return error.exitCode;
    }
    line(io.stderr, `shipping-api: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.REMOTE_FAILED;
  }
}
