// `npm run mock [-- --port 4010]` (or MOCK_PORT): Prism serving the contract on loopback, behind a
// guard that answers malformed, oversized and non-JSON bodies at once (dev/mock/mock.ts).
import { command, mockPortOption, run } from '../dev/cli.ts';
import { serveMock } from '../dev/mock/mock.ts';

const { port } = command('mock', 'Serves the mock of the Shipping Service Public API v3 on loopback.')
  .addOption(mockPortOption())
  .parse()
  .opts<{ port: number }>();
await run(() => serveMock({ port }));
