// Small HTTP servers on loopback, started and stopped by the tests, recording what they receive.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (
  request: ReceivedRequest,
  response: ServerResponse,
  raw: IncomingMessage,
) => void | Promise<void>;

export interface TestServer {
  /** http://127.0.0.1:<port> */
  origin: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

const open = new Set<TestServer>();

export async function startServer(handler: Handler): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer(async (raw, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const request = {
      method: raw.method ?? '',
      path: raw.url ?? '',
      headers: raw.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    received.push(request);
    try {
      await handler(request, response, raw);
    } catch (error) {
      response.destroy(error as Error);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const testServer: TestServer = {
    origin: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      open.delete(testServer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  open.add(testServer);
  return testServer;
}

/** Stops every server still running; for afterEach. */
export async function closeAll(): Promise<void> {
  await Promise.all([...open].map((server) => server.close()));
}

export function json(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  response.end(text);
}

/** Sends the headers of the whole file, then the first `bytes` bytes, then breaks the connection. */
export function cutAfter(
  response: ServerResponse,
  file: Buffer,
  bytes: number,
  status = 200,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': String(file.length), ...headers });
  response.flushHeaders();
  response.write(file.subarray(0, bytes), () => setImmediate(() => response.socket?.destroy()));
}

/** Serves file, honouring `Range: bytes=N-` with 206 when ranges is true. */
export function serveFile(request: ReceivedRequest, response: ServerResponse, file: Buffer, ranges: boolean): void {
  const range = /^bytes=(\d+)-$/.exec(String(request.headers.range ?? ''));
  if (ranges && range) {
    const start = Number(range[1]);
    const slice = file.subarray(start);
    response.writeHead(206, {
      'Content-Type': 'application/json',
      'Content-Length': String(slice.length),
      'Content-Range': `bytes ${start}-${file.length - 1}/${file.length}`,
    });
    response.end(slice);
    return;
  }
  response.writeHead(200, {
    'Content-Type': 'application/json',
    'Content-Length': String(file.length),
    ...(ranges ? { 'Accept-Ranges': 'bytes' } : {}),
  });
  response.end(file);
}
