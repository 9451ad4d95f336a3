// `npm start [-- --docs-port 8080 --port 4010 --sandbox-port 4020 --sandbox-host <address> --sandbox-accounts <file>]`
// (or DOCS_PORT, MOCK_PORT, SANDBOX_PORT, SANDBOX_HOST, SANDBOX_ACCOUNTS, and the sandbox's other
// SANDBOX_* variables): the reference, the mock and the sandbox side by side, on loopback unless the
// sandbox is told otherwise (dev/start.ts).
import { sandboxFlags, sandboxSettings } from '../packages/cli/src/sandbox-flags.ts';
import { command, docsPortOption, mockPortOption, run } from '../dev/cli.ts';
import { startAll } from '../dev/start.ts';

const start = command(
  'start',
  'Refreshes the generated files, then serves the rendered reference, the mock and the sandbox on loopback.',
)
  .addOption(docsPortOption())
  .addOption(mockPortOption());
for (const option of sandboxFlags('sandbox-', ['port', 'host', 'accounts'])) start.addOption(option);
const parsed = start.parse().opts<{ docsPort: number; port: number }>();
await run(() => startAll({ ...parsed, sandbox: sandboxSettings(start, 'sandbox-') }));
