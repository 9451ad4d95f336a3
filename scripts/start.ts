// `npm start [-- --docs-port 8080 --port 4010 --sandbox-port 4020 --sandbox-host <address> --sandbox-accounts <file>]`
// (or DOCS_PORT, MOCK_PORT, SANDBOX_PORT, SANDBOX_HOST, SANDBOX_ACCOUNTS): the reference, the mock and
// the sandbox side by side, on loopback unless the sandbox is told otherwise (dev/start.ts).
import { command, docsPortOption, mockPortOption, run } from '../dev/cli.ts';
import { sandboxPortOption } from '../dev/cli-sandbox.ts';
import { sandboxAccountsOption, sandboxHostOption } from '../src/sandbox/command-line.ts';
import { type Options, startAll } from '../dev/start.ts';

const options = command(
  'start',
  'Refreshes the generated files, then serves the rendered reference, the mock and the sandbox on loopback.',
)
  .addOption(docsPortOption())
  .addOption(mockPortOption())
  .addOption(sandboxPortOption('sandbox-port'))
  .addOption(sandboxHostOption('sandbox-host'))
  .addOption(sandboxAccountsOption('sandbox-accounts'))
  .parse()
  .opts<Options>();
await run(() => startAll(options));
