// `npm start`: brings the generated files up to date, then serves the rendered API reference, the
// mock and the sandbox side by side on loopback until Ctrl-C.
//   npm start [-- --docs-port 8080 --port 4010 --sandbox-port 4020]   (or DOCS_PORT, MOCK_PORT, SANDBOX_PORT)
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { refresh } from './build.ts';
import { DOCS_PAGE } from './docs.ts';
import { startMock } from './lib/prism.ts';
import { mockBanner, mockPort } from './mock.ts';
import { sandboxBanner, sandboxCommand, startFromCli, type SandboxCliOptions } from './sandbox.ts';

const DOCS_DIR = path.dirname(DOCS_PAGE);
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.md': 'text/markdown; charset=utf-8', '.yaml': 'text/yaml; charset=utf-8', '.json': 'application/json', '.png': 'image/png' };

/** Serves the files of docs/ (the rendered reference at /). */
function serveDocs(port: number): Promise<http.Server> {
  const server = http.createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const file = path.join(DOCS_DIR, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(DOCS_DIR + path.sep)) return void res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`Not found: ${pathname}\n`);
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'docs-port': { type: 'string' }, port: { type: 'string' }, 'sandbox-port': { type: 'string' } }, strict: true });
  const docsPort = Number(values['docs-port'] ?? process.env.DOCS_PORT ?? 8080);
  if (!Number.isInteger(docsPort) || docsPort < 1 || docsPort > 65535) throw new Error(`--docs-port / DOCS_PORT: "${values['docs-port'] ?? process.env.DOCS_PORT}" is not a TCP port.`);
  const port = mockPort(values.port ? ['--port', values.port] : []);
  // The sandbox's own command line reads SANDBOX_PORT and the other SANDBOX_* variables.
  const sandboxOptions = sandboxCommand()
    .parse(values['sandbox-port'] ? ['--port', values['sandbox-port']] : [], { from: 'user' })
    .opts<SandboxCliOptions>();

  const made = refresh();
  console.log(made.length > 0 ? `Remade from the contract: ${made.join(', ')}.` : 'Generated files are up to date.');
  const docs = await serveDocs(docsPort);
  const mock = await startMock({ port });
  const sandbox = await startFromCli(sandboxOptions).catch(async (error) => {
    docs.close();
    await mock.stop();
    throw error;
  });
  console.log(`API reference: http://127.0.0.1:${(docs.address() as AddressInfo).port}/`);
  console.log(mockBanner(mock.url));
  console.log(sandboxBanner(sandbox));
  console.log('Press Ctrl-C to stop all three.');

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    docs.closeAllConnections();
    docs.close();
    await Promise.all([mock.stop(), sandbox.close()]);
    process.exit(code);
  };
  process.once('SIGINT', () => void stop(0));
  process.once('SIGTERM', () => void stop(0));
  mock.process.once('exit', (code) => {
    if (!stopping) console.error(`The mock stopped unexpectedly (exit code ${code}).`);
    void stop(code ?? 1);
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
