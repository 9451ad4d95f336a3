// The `shipping-api` command line: the commands, their flags and help (commander), and one
// function that runs it and returns the exit code, so that it runs the same in a test as in a shell.
import { Command, CommanderError } from 'commander';
import { SANDBOX_MODES } from 'shipping-api-v3-sandbox/settings';
import { sandboxFlags, sandboxSettings } from './sandbox-flags.ts';
import { CliError, EXIT, type Io, line, painter } from './io.ts';
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
  1    the check failed (problems in the shipment or the setup file; a rule the server breaks); setup diff: changes found
  2    bad input: a wrong flag, a missing variable, a file that cannot be read or is not JSON
  3    the service, the network or the workflow failed
  130  interrupted (Ctrl-C)`;

/** Ends a command with its exit code; every command, nested ones too, ends through runCli. */
type Done = (code: number) => void;

function createProgram(io: Io, done: Done): Command {
  const paint = painter(io.stderr, io.env);
  const program = new Command('shipping-api')
    .description(
      'Pull and read the carrier setup file of the Shipping Service Public API v3, check a shipment against it before sending it, and check a server against the specification.',
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
  const configure = (command: Command) =>
    command.exitOverride().configureOutput(program.configureOutput()).showHelpAfterError('(add --help for usage)');
  configure(program);
  defineSetupCommands(
    configure(program.command('setup').description('pull, validate and read the carrier setup file')),
    configure,
    io,
    done,
  );
  defineCheckCommand(program, configure, io, done);
  defineConformCommand(program, configure, io, done);
  defineSandboxCommand(program, configure, io, done);
  defineSandboxAccountsCommands(
    configure(
      program
        .command('sandbox-accounts')
        .description('add, remove and list the API users of an accounts file of the sandbox (sandbox --accounts)'),
    ),
    configure,
    io,
    done,
  );
  return program;
}

type Configure = (command: Command) => Command;

/** `setup pull`, `setup validate`, `setup diff`, `setup routes`, `setup show`; each command's module is loaded when it runs. */
function defineSetupCommands(setup: Command, configure: Configure, io: Io, done: Done): void {
  configure(
    setup
      .command('pull')
      .description('request the carrier setup file, wait for it, download it and write it atomically')
      .requiredOption('-o, --out <file>', 'the file to write (written to a temporary file, then renamed)')
      .option('--poll-interval <seconds>', 'time between two polls of GET /setups/carriers', '15')
      .option('--timeout <seconds>', 'give up after this long (generation may take several minutes)', '1800')
      .option('--json', 'print a JSON summary on stdout')
      .option(
        '--credential-origin <origin>',
        "an origin besides the API's that receives the credentials, such as the file host (repeatable; or SHIPPING_CREDENTIAL_ORIGINS, comma-separated)",
        (value: string, previous: string[] = []) => [...previous, value],
      )
      .addHelpText('after', '\nNeeds SHIPPING_BASE_URL, SHIPPING_USER and SHIPPING_API_KEY in the environment.')
      .action(async (options) => done(await (await import('./commands/setup-pull.ts')).setupPull(options, io))),
  );
  configure(
    setup
      .command('validate')
      .description(
        'check a carrier setup file against the contract; exit 1 naming the JSON pointer of the first problem',
      )
      .argument('<file>', 'the carrier setup file')
      .option('--json', 'print the result as JSON')
      .action(async (file, options) =>
        done(await (await import('./commands/setup-validate.ts')).setupValidate(file, options, io)),
      ),
  );
  defineSetupDiffCommand(setup, configure, io, done);
  configure(
    setup
      .command('routes')
      .description('the products, by carrier, of a route; every route of the file without --from and --to')
      .option('--from <country>', 'only routes from this sender country code, such as DK')
      .option('--to <country>', 'only routes to this receiver country code, such as SE')
      .option('--setup <file>', 'the carrier setup file', 'setup.json')
      .option('--json', 'print the routes as JSON')
      .action(async (options) => done(await (await import('./commands/setup-routes.ts')).setupRoutes(options, io))),
  );
  configure(
    setup
      .command('show')
      .description('a product: its country combinations, agreements, fields and services')
      .argument('<product-code>', 'the product code, as used in product_code')
      .option('--setup <file>', 'the carrier setup file', 'setup.json')
      .option('--json', 'print the product as JSON')
      .action(async (code, options) =>
        done(await (await import('./commands/setup-show.ts')).setupShow(code, options, io)),
      ),
  );
}

/** `setup diff <old> <new>`: what changed from one setup file to the next, and which shipments it breaks. */
function defineSetupDiffCommand(setup: Command, configure: Configure, io: Io, done: Done): void {
  configure(
    setup
      .command('diff')
      .description(
        'what changed from one carrier setup file to another, keyed by code; exit 0 with no change, 1 with changes',
      )
      .argument('<old>', 'the earlier carrier setup file (- for standard input)')
      .argument('<new>', 'the later carrier setup file (- for standard input, when <old> is not)')
      .option(
        '--shipments <dir>',
        'check each shipment body (*.json) of the folder against both files; list those that pass against <old> and fail against <new>',
      )
      .option('--json', 'print the changes as JSON, one object per change')
      .addHelpText(
        'after',
        '\nExit 0 when the files hold the same setup, 1 when something changed, 2 on bad input (a file that cannot be read, is not JSON, breaks the contract or writes a key twice).',
      )
      .action(async (oldFile, newFile, options) =>
        done(await (await import('./commands/setup-diff.ts')).setupDiff(oldFile, newFile, options, io)),
      ),
  );
}

/** `check <shipment>`: the pre-flight check. */
function defineCheckCommand(program: Command, configure: Configure, io: Io, done: Done): void {
  configure(
    program
      .command('check')
      .description('check a shipment body against the carrier setup file before it is sent')
      .argument('<shipment>', 'a JSON file with the body of POST /shipments')
      .option('--setup <file>', 'the carrier setup file', 'setup.json')
      .option('--strict', 'fail also when something could not be checked')
      .option('--verbose', 'say why each point could not be checked')
      .option(
        '--exact-names',
        "read the setup file's field names as written only, not as receiver.email or receiver_email",
      )
      .option('--json', 'print the result ({ ok, problems, unchecked }) as JSON')
      .addHelpText(
        'after',
        '\nExit 0 when the shipment passes, 1 with the problems listed (JSON pointer, code, message), 2 on bad input.',
      )
      .action(async (file, options) => done(await (await import('./commands/check.ts')).check(file, options, io))),
  );
}

const CONFORM_HELP = `
Needs SHIPPING_USER and SHIPPING_API_KEY in the environment, and SHIPPING_BASE_URL unless --server is
given; SHIPPING_PARTNER_ID, when set, is sent as the Partner-ID header on every call.

Verdicts, one line per rule of openapi/rules.yaml: pass or fail for a rule the specification states,
observed for a point it leaves open, skipped with the reason.

Exit 0 when every stated rule checked holds, 1 when one fails, 2 on bad input, 3 when the server
cannot be reached or refuses the credentials at the start.`;

/** `conform`: checks a live server against the specification, rule by rule. */
function defineConformCommand(program: Command, configure: Configure, io: Io, done: Done): void {
  const file = (what: string) => `with --allow-writes, the body of ${what} to send instead of the contract's example`;
  configure(
    program
      .command('conform')
      .description('check a live server of the API against the specification, rule by rule')
      .option('--server <url>', 'the base URL of the server, ending in /api/public/v3 (instead of SHIPPING_BASE_URL)')
      .option('--poll-interval <seconds>', 'time between two polls of GET /setups/carriers', '15')
      .option('--timeout <seconds>', 'how long to wait for the carrier setup file to be COMPLETED', '1800')
      .option('--allow-writes', 'send the four creations (on a real server, each creates a real thing)')
      .option('--shipment <file>', file('POST /shipments'))
      .option('--sales-order <file>', file('POST /sales_orders'))
      .option('--imported-shipment <file>', file('POST /imported_shipments'))
      .option('--shipment-draft <file>', file('POST /shipment_drafts'))
      .option('--json', 'print the verdicts as JSON')
      .option('--junit <file>', 'also write the verdicts as JUnit XML, one testcase per rule')
      .addHelpText('after', CONFORM_HELP)
      .action(async (options) => done(await (await import('./commands/conform.ts')).conform(options, io))),
  );
}

/** `sandbox`: the sandbox with the options of `npm run sandbox`. */
function defineSandboxCommand(program: Command, configure: Configure, io: Io, done: Done): void {
  const sandbox = configure(
    program
      .command('sandbox')
      .description('run the sandbox of the API until Ctrl-C, on 127.0.0.1 unless told; prints its base URL')
      .addHelpText('after', SANDBOX_MODES),
  );
  for (const option of sandboxFlags()) sandbox.addOption(option);
  sandbox.action(async () => {
    let settings: ReturnType<typeof sandboxSettings>;
    try {
      settings = sandboxSettings(sandbox);
    } catch (error) {
      throw CliError.from(error, EXIT.BAD_INPUT);
    }
    done(await (await import('./commands/sandbox.ts')).sandbox(settings, io));
  });
}

const ACCOUNTS_EXAMPLE = `
The key is read from standard input: typed twice on a terminal, where it is not shown, or the first
line of a pipe. It is stored as a scrypt hash; the file is written atomically, readable by its owner
only, and a running sandbox takes the change within about a second.

Example:
  shipping-api sandbox-accounts add accounts.json partner-7     # type the key twice
  shipping-api sandbox --accounts accounts.json --host 0.0.0.0`;

/** `sandbox-accounts add`, `remove`, `list`: the accounts file of the sandbox. */
function defineSandboxAccountsCommands(accounts: Command, configure: Configure, io: Io, done: Done): void {
  const load = () => import('./commands/sandbox-accounts.ts');
  configure(
    accounts
      .command('add')
      .description('add an API user, or give it a new key; the key comes from standard input, never an argument')
      .argument('<file>', 'the accounts file, made when missing')
      .argument('<user>', 'the API user (no ":" and no control characters)')
      .addHelpText('after', ACCOUNTS_EXAMPLE)
      .action(async (file, user) => done(await (await load()).sandboxAccountsAdd(file, user, io))),
  );
  configure(
    accounts
      .command('remove')
      .description('remove an API user; a running sandbox refuses it from then on')
      .argument('<file>', 'the accounts file')
      .argument('<user>', 'the API user')
      .action(async (file, user) => done(await (await load()).sandboxAccountsRemove(file, user, io))),
  );
  configure(
    accounts
      .command('list')
      .description('the API users of the file, one a line (never their keys or hashes)')
      .argument('<file>', 'the accounts file')
      .option('--json', 'print {"users": [...]} as JSON')
      .action(async (file, options) => done(await (await load()).sandboxAccountsList(file, options, io))),
  );
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
