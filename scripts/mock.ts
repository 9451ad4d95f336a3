// Serves the bundled contract with Prism on loopback, behind a guard that answers malformed,
// oversized and non-JSON bodies at once: `npm run mock [-- --port 4010]` (or MOCK_PORT).
import { command, mockPortOption, run } from '../dev/cli.ts';
import { mockBanner, startMock } from '../dev/mock.ts';

async function main(): Promise<void> {
  const { port } = command('mock', 'Serves the mock of the Shipping Service Public API v3 on loopback.')
    .addOption(mockPortOption())
    .parse()
    .opts<{ port: number }>();
  const mock = await startMock({ port });
  console.log(mockBanner(mock.url));
  const stop = () => void mock.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  void mock.exited.then((code) => process.exit(code ?? 0));
}

if (import.meta.main) await run(main);
