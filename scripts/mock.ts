// Serves the bundled contract with Prism on loopback: `npm run mock [-- --port 4010]` (or MOCK_PORT).
import { parseArgs } from 'node:util';
import { startMock } from './lib/prism.ts';

export const DEFAULT_MOCK_PORT = 4010;

export function mockPort(argv: string[] = process.argv.slice(2)): number {
  const { values } = parseArgs({ args: argv, options: { port: { type: 'string' } }, strict: false });
  const raw = (values.port as string | undefined) ?? process.env.MOCK_PORT ?? String(DEFAULT_MOCK_PORT);
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`--port / MOCK_PORT: "${raw}" is not a TCP port (1 to 65535).`);
  return port;
}

export function mockBanner(url: string): string {
  return [
    `Mock of the Shipping Service Public API v3: ${url}`,
    `  Give the client baseUrl "${url}" (any Basic credentials; none get 401).`,
    `  curl -u apiuser:apikey ${url}/setups/carriers -H 'Prefer: example=completed'`,
  ].join('\n');
}

async function main(): Promise<void> {
  const mock = await startMock({ port: mockPort() });
  console.log(mockBanner(mock.url));
  const stop = () => void mock.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  mock.process.once('exit', (code) => process.exit(code ?? 0));
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
