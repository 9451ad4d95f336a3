// Small HTTP servers on loopback for tests, and free ports for the tools they start.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TestServer {
  url: string;
  server: http.Server;
  close: () => Promise<void>;
}

export async function serve(handler: http.RequestListener): Promise<TestServer> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export async function freePort(): Promise<number> {
  const probe = await serve(() => {});
  const port = Number(new URL(probe.url).port);
  await probe.close();
  return port;
}

export function json(res: http.ServerResponse, status: number, body: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
}
