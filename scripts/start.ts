// `npm start [-- --docs-port 8080 --port 4010 --sandbox-port 4020 --sandbox-host <address> --sandbox-accounts <file>]`
// (or DOCS_PORT, MOCK_PORT, SANDBOX_PORT, SANDBOX_HOST, SANDBOX_ACCOUNTS, and the sandbox's other
// SANDBOX_* variables): the reference, the mock and the sandbox side by side, on loopback unless the
// sandbox is told otherwise (dev/serve/start.ts).
import { run } from '../dev/cli.ts';
import { serverCommand, startAll } from '../dev/serve/start.ts';

const { command, options } = serverCommand(
  'start',
  'Refreshes the generated files, then serves the rendered reference, the mock and the sandbox on loopback.',
);
command.parse();
await run(() => startAll(options()));
