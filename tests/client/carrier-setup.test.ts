// fetchCarrierSetup against loopback servers that behave, and servers that misbehave in every way
// the workflow has to survive or report.
import type { ServerResponse } from 'node:http';
import { setTimeout } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type CarrierSetupStatus,
  type Clock,
  createShippingClient,
  type DownloadProgress,
  fetchCarrierSetup,
} from 'shipping-api-v3-client';
import {
  closeAll,
  cutAfter,
  json,
  type ReceivedRequest,
  serveFile,
  startServer,
  type TestServer,
} from '../support/harness/servers.ts';
import { MAX_REDIRECTS } from '../../packages/client/src/redirects.ts';
import { failure } from '../support/harness/shipping-error.ts';
import { completed, exampleSetupFile, inProgress, requested, setupFileOfSize } from '../../dev/fixtures/setup-file.ts';

afterEach(closeAll);

const username = 'api-user-7731';
const apiKey = 'k3y-SECRET-5f0a9c';
const STATUS_PATH = '/api/public/v3/setups/carriers';
const FILE_PATH = '/files/carrier-setup.json';

/** A clock whose sleeps return at once and move its time on; it records every wait. */
function fakeClock(): Clock & { waits: number[] } {
  let now = Date.now();
  const waits: number[] = [];
  return {
    waits,
    now: () => now,
    sleep: async (ms, signal) => {
      signal.throwIfAborted();
      waits.push(ms);
      now += ms;
    },
  };
}

type Answer = CarrierSetupStatus | ((response: ServerResponse) => void);

/**
 * An API whose GET /setups/carriers gives the answers in turn (the last one repeats), and whose
 * file route is served by `file` (on the same origin). Any answer may be a status or a function.
 */
async function startApi(
  answers: (origin: string) => Answer[],
  file?: (request: ReceivedRequest, response: ServerResponse, count: number) => void,
): Promise<TestServer> {
  let statusCalls = 0;
  let fileCalls = 0;
  const server = await startServer((request, response) => {
    if (request.path === STATUS_PATH) {
      const list = answers(server.origin);
      const answer = list[Math.min(statusCalls++, list.length - 1)]!;
      return typeof answer === 'function' ? answer(response) : json(response, 200, answer);
    }
    if (request.path === FILE_PATH && file) return file(request, response, fileCalls++);
    json(response, 404, { message: 'not found' });
  });
  return server;
}

function client(api: TestServer) {
  return createShippingClient({ baseUrl: `${api.origin}/api/public/v3`, username, apiKey, partnerId: 10042 });
}

const fileBytes = setupFileOfSize(256 * 1024);
const fileData = JSON.parse(fileBytes.toString('utf8'));
function redirect(response: ServerResponse, status: number, location: string): void {
  response.writeHead(status, { Location: location, 'Content-Length': '0' });
  response.end();
}

const statusPaths = (server: TestServer) => server.received.filter((r) => r.path === STATUS_PATH);
const filePaths = (server: TestServer) => server.received.filter((r) => r.path === FILE_PATH);

describe('fetchCarrierSetup', () => {
  it('polls through REQUESTED and IN_PROGRESS, then downloads, reports progress and returns the validated file', async () => {
    const example = Buffer.from(JSON.stringify(exampleSetupFile()));
    const api = await startApi(
      (origin) => [requested, inProgress, inProgress, completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, example, true),
    );
    const statuses: string[] = [];
    const progress: DownloadProgress[] = [];
    const result = await fetchCarrierSetup(client(api), {
      pollIntervalMs: 5,
      onStatus: (s) => statuses.push(s.status),
      onProgress: (p) => progress.push(p),
    });
    expect(result).toEqual(exampleSetupFile());
    expect(statuses).toEqual(['REQUESTED', 'IN_PROGRESS', 'IN_PROGRESS', 'COMPLETED']);
    expect(statusPaths(api)).toHaveLength(4);
    expect(progress.at(-1)).toEqual({ receivedBytes: example.length, totalBytes: example.length });
    // Same origin as baseUrl: the file request carries the credentials and the Partner-ID.
    expect(filePaths(api)[0]?.headers.authorization).toMatch(/^Basic /);
    expect(filePaths(api)[0]?.headers['partner-id']).toBe('10042');
  });

  // The specification says "one JSON file", which names no media type; file stores often send
  // application/octet-stream, or none at all. A whole file and a resumed range alike.
  it.each(['application/octet-stream', 'text/plain; charset=utf-8', undefined])(
    '[4.2.returns] reads the file whatever its Content-Type (%s)',
    async (type) => {
      const file = exampleSetupFile();
      file[0]!.code = 'dhl_express_2';
      const bytes = Buffer.from(JSON.stringify(file));
      let calls = 0;
      const api = await startApi(
        (origin) => [completed(`${origin}${FILE_PATH}`)],
        (request, response) => {
          // The first answer breaks off mid-body, so the second is a 206 of the rest.
          const range = /^bytes=(\d+)-$/.exec(String(request.headers.range ?? ''));
          const start = range ? Number(range[1]) : 0;
          const headers: Record<string, string> = { 'Content-Length': String(bytes.length - start) };
          if (type) headers['Content-Type'] = type;
          if (range) headers['Content-Range'] = `bytes ${start}-${bytes.length - 1}/${bytes.length}`;
          else headers['Accept-Ranges'] = 'bytes';
          response.writeHead(range ? 206 : 200, headers);
          if (calls++ > 0) return response.end(bytes.subarray(start));
          response.flushHeaders();
          response.write(bytes.subarray(0, 100), () => setImmediate(() => response.socket?.destroy()));
        },
      );
      expect(await fetchCarrierSetup(client(api), { pollIntervalMs: 5 })).toEqual(file);
      expect(filePaths(api)).toHaveLength(2);
    },
  );

  it('never polls faster than pollIntervalMs', async () => {
    const clock = fakeClock();
    const api = await startApi(
      (origin) => [requested, inProgress, inProgress, inProgress, completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    await fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, clock });
    expect(statusPaths(api)).toHaveLength(5);
    expect(clock.waits).toHaveLength(4);
    for (const wait of clock.waits) expect(wait).toBeGreaterThanOrEqual(15_000);
  });

  it('with withText, resolves to the file and its text as received, byte for byte, from one download', async () => {
    // Spaced and indented as no serialiser writes it: the text is the file's own.
    const bytes = Buffer.from(`[\n  ${JSON.stringify(exampleSetupFile()[0])}  ]\n`);
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, bytes, true),
    );
    const { file, text } = await fetchCarrierSetup(client(api), { pollIntervalMs: 5, withText: true });
    expect(file).toEqual([exampleSetupFile()[0]]);
    expect(Buffer.from(text).equals(bytes)).toBe(true);
    expect(filePaths(api)).toHaveLength(1);
  });

  it('backs off when throttled: Retry-After when given, a growing wait otherwise, never under the interval', async () => {
    const clock = fakeClock();
    const throttle = (status: number, retryAfter?: string) => (response: ServerResponse) =>
      json(response, status, { message: 'slow down' }, retryAfter === undefined ? {} : { 'Retry-After': retryAfter });
    const api = await startApi(
      (origin) => [
        requested,
        throttle(429, '120'),
        throttle(429),
        throttle(503),
        throttle(429),
        throttle(429, '0'),
        completed(`${origin}${FILE_PATH}`),
      ],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    const told: { operation: string; waitMs: number }[] = [];
    let fileText = '';
    const result = await fetchCarrierSetup(client(api), {
      pollIntervalMs: 1000,
      clock,
      onThrottled: (event) => told.push(event),
      onFileText: (text) => {
        fileText = text;
      },
    });
    expect(result).toEqual(fileData);
    // The interval; Retry-After 120 s; then, without Retry-After, the interval doubled for each
    // throttled answer in a row (2nd, 3rd, 4th); Retry-After 0 raised to the interval.
    expect(clock.waits).toEqual([1000, 120_000, 4000, 8000, 16_000, 1000]);
    // Each throttled answer is told, with the wait before the next poll.
    expect(told).toEqual(
      [120_000, 4000, 8000, 16_000, 1000].map((waitMs) => ({ operation: 'requestCarrierSetup', waitMs })),
    );
    // The text as received, byte for byte.
    expect(Buffer.from(fileText).equals(fileBytes)).toBe(true);
  });

  it('honours Retry-After as an HTTP-date', async () => {
    const clock = fakeClock();
    const api = await startApi(
      (origin) => [
        (response) => json(response, 429, {}, { 'Retry-After': new Date(clock.now() + 90_000).toUTCString() }),
        completed(`${origin}${FILE_PATH}`),
      ],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    await fetchCarrierSetup(client(api), { pollIntervalMs: 1000, clock });
    expect(clock.waits).toHaveLength(1);
    expect(clock.waits[0]).toBeGreaterThan(88_000);
    expect(clock.waits[0]).toBeLessThanOrEqual(90_000);
  });

  it('sends no credentials to a file address on another origin', async () => {
    const files = await startServer((request, response) => serveFile(request, response, fileBytes, true));
    const api = await startApi(() => [completed(`${files.origin}${FILE_PATH}`)]);
    const result = await fetchCarrierSetup(client(api), { pollIntervalMs: 5 });
    expect(result).toEqual(fileData);
    expect(files.received).toHaveLength(1);
    expect(files.received[0]?.headers.authorization).toBeUndefined();
    expect(files.received[0]?.headers['partner-id']).toBeUndefined();
    expect(statusPaths(api)[0]?.headers.authorization).toMatch(/^Basic /);
  });

  it('sends the credentials to an origin named in credentialOrigins, redirects included, and to no other', async () => {
    const other = await startServer((request, response) => serveFile(request, response, fileBytes, true));
    const files = await startServer((request, response) => {
      if (request.path === '/start') return redirect(response, 302, `${files.origin}/hop`);
      if (request.path === '/hop') return redirect(response, 307, `${files.origin}${FILE_PATH}`);
      serveFile(request, response, fileBytes, true);
    });
    // The API's own origin first redirects to the named file host.
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => redirect(response, 302, `${files.origin}/start`),
    );
    const named = createShippingClient({
      baseUrl: `${api.origin}/api/public/v3`,
      username,
      apiKey,
      partnerId: 10042,
      credentialOrigins: [files.origin],
    });
    expect(await fetchCarrierSetup(named, { pollIntervalMs: 5 })).toEqual(fileData);
    expect(files.received.map((r) => r.path)).toEqual(['/start', '/hop', FILE_PATH]);
    for (const request of [...filePaths(api), ...files.received]) {
      expect(request.headers.authorization).toBe(statusPaths(api)[0]?.headers.authorization);
      expect(request.headers['partner-id']).toBe('10042');
    }
    // The same file host, not named: no credentials, and no redirect followed to it.
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({
      code: 'HTTP_ERROR',
      status: 302,
      operation: 'downloadCarrierSetupFile',
      option: 'credentialOrigins',
      origin: files.origin,
    });
    expect(error.message).toContain(`to ${files.origin}, which is not named in the credentialOrigins option`);
    expect(files.received).toHaveLength(3);
    expect(other.received).toHaveLength(0);
  });

  it('follows no redirect from a named origin to an origin not named', async () => {
    const other = await startServer((request, response) => serveFile(request, response, fileBytes, true));
    const files = await startServer((_, response) => redirect(response, 301, `${other.origin}${FILE_PATH}`));
    const api = await startApi(() => [completed(`${files.origin}${FILE_PATH}`)]);
    const named = createShippingClient({
      baseUrl: `${api.origin}/api/public/v3`,
      username,
      apiKey,
      credentialOrigins: [`${files.origin}/`],
    });
    const error = await failure(fetchCarrierSetup(named, { pollIntervalMs: 5 }));
    expect(error.message).toContain(
      `The file server ${files.origin} redirected the download (301) to ${other.origin}, which is not named`,
    );
    expect(error).toMatchObject({ option: 'credentialOrigins', origin: other.origin });
    expect(files.received[0]?.headers.authorization).toMatch(/^Basic /);
    expect(other.received).toHaveLength(0);
  });

  it(`follows at most ${MAX_REDIRECTS} redirects in a row`, async () => {
    let hops = 0;
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) =>
        hops++ < MAX_REDIRECTS ? redirect(response, 302, FILE_PATH) : serveFile(request, response, fileBytes, true),
    );
    expect(await fetchCarrierSetup(client(api), { pollIntervalMs: 5 })).toEqual(fileData);
    const looping = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => redirect(response, 302, FILE_PATH),
    );
    const error = await failure(fetchCarrierSetup(client(looping), { pollIntervalMs: 5 }));
    expect(error.message).toContain(`more than ${MAX_REDIRECTS} times in a row`);
    expect(error).toMatchObject({ option: undefined, origin: undefined });
    expect(filePaths(looping)).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('says on a 401 from a file host not named which origin refused, and how to send it the credentials', async () => {
    const files = await startServer((_, response) =>
      json(response, 401, {}, { 'WWW-Authenticate': 'Basic realm="files"' }),
    );
    const api = await startApi(() => [completed(`${files.origin}${FILE_PATH}`)]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
      operation: 'downloadCarrierSetupFile',
      option: 'credentialOrigins',
      origin: files.origin,
    });
    expect(error.message).toContain(
      `The file server ${files.origin} asks for credentials (401 Unauthorized), and none were sent to it: name "${files.origin}" in the credentialOrigins option`,
    );
    expect(files.received[0]?.headers.authorization).toBeUndefined();
  });

  // Each shape of text, as the bench measures them.
  it.each(['ascii', 'latin1', 'sparse-beyond-latin1', 'dense-beyond-latin1'] as const)(
    'resumes a download of a %s file cut mid-body with a Range request where the server answers 206',
    async (script) => {
      const fileBytes = setupFileOfSize(256 * 1024, script);
      const fileData = JSON.parse(fileBytes.toString('utf8'));
      const clock = fakeClock();
      const cut = 100_000;
      const api = await startApi(
        (origin) => [completed(`${origin}${FILE_PATH}`)],
        (request, response, count) =>
          count === 0
            ? cutAfter(response, fileBytes, cut, 200, { 'Accept-Ranges': 'bytes', ETag: '"v1"' })
            : serveFile(request, response, fileBytes, true),
      );
      const progress: DownloadProgress[] = [];
      const result = await fetchCarrierSetup(client(api), {
        pollIntervalMs: 5,
        clock,
        onProgress: (p) => progress.push(p),
      });
      expect(result).toEqual(fileData);
      const [first, second] = filePaths(api);
      expect(first?.headers.range).toBeUndefined();
      expect(second?.headers.range).toMatch(/^bytes=\d+-$/);
      const resumedAt = Number(/\d+/.exec(second!.headers.range!)![0]);
      expect(resumedAt).toBeGreaterThan(0);
      expect(resumedAt).toBeLessThanOrEqual(cut);
      expect(second?.headers['if-range']).toBe('"v1"');
      expect(filePaths(api)).toHaveLength(2);
      expect(progress.at(-1)).toEqual({ receivedBytes: fileBytes.length, totalBytes: fileBytes.length });
    },
  );

  it.each(['ascii', 'latin1'] as const)(
    'starts again from the first byte of a %s file where the server ignores Range and answers 200',
    async (script) => {
      const fileBytes = setupFileOfSize(256 * 1024, script);
      const fileData = JSON.parse(fileBytes.toString('utf8'));
      const clock = fakeClock();
      const api = await startApi(
        (origin) => [completed(`${origin}${FILE_PATH}`)],
        (request, response, count) =>
          count === 0 ? cutAfter(response, fileBytes, 100_000) : serveFile(request, response, fileBytes, false),
      );
      const result = await fetchCarrierSetup(client(api), { pollIntervalMs: 5, clock });
      expect(result).toEqual(fileData);
      expect(filePaths(api)).toHaveLength(2);
      expect(filePaths(api)[1]?.headers.range).toMatch(/^bytes=\d+-$/);
    },
  );

  it.each([
    ['a 206 that does not continue at the byte reached', { 'Accept-Ranges': 'bytes' }, 206],
    ['an answer whose content coding changed the bytes', { 'Content-Encoding': 'identity' }, 200],
  ] as const)('starts again from the first byte after %s', async (_, headers, second) => {
    const clock = fakeClock();
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response, count) => {
        if (count === 0) return cutAfter(response, fileBytes, 100_000, 200, headers);
        if (count === 1 && second === 206) {
          // The bytes from 0 on, where the client asked for those after the bytes it has.
          const head = fileBytes.subarray(0, 1000);
          response.writeHead(206, { 'Content-Range': `bytes 0-999/${fileBytes.length}` });
          return response.end(head);
        }
        serveFile(request, response, fileBytes, false);
      },
    );
    expect(await fetchCarrierSetup(client(api), { pollIntervalMs: 5, clock })).toEqual(fileData);
    const ranges = filePaths(api).map((r) => r.headers.range);
    expect(ranges).toEqual(
      second === 206 ? [undefined, expect.stringMatching(/^bytes=/), undefined] : [undefined, undefined],
    );
  });

  it('gives up after maxDownloadAttempts when every try breaks off, saying how far it got', async () => {
    const clock = fakeClock();
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => cutAfter(response, fileBytes, 50_000),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5, clock, maxDownloadAttempts: 3 }));
    expect(error.code).toBe('DOWNLOAD_FAILED');
    expect(error.operation).toBe('downloadCarrierSetupFile');
    expect(error.message).toMatch(new RegExp(`broke off 3 times .* of ${fileBytes.length} bytes`));
    expect(filePaths(api)).toHaveLength(3);
  });

  it('asks for the status again when expires_at has passed, and follows the new status', async () => {
    const api = await startApi(
      (origin) => [
        completed(`${origin}/files/old.json`, new Date(Date.now() - 60_000)),
        inProgress,
        completed(`${origin}${FILE_PATH}`),
      ],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    const statuses: string[] = [];
    const result = await fetchCarrierSetup(client(api), {
      pollIntervalMs: 5,
      onStatus: (s) => statuses.push(s.status),
    });
    expect(result).toEqual(fileData);
    expect(statuses).toEqual(['COMPLETED', 'IN_PROGRESS', 'COMPLETED']);
    expect(api.received.some((r) => r.path === '/files/old.json')).toBe(false);
  });

  it.each([403, 410])('asks for the status again when the file server refuses the address with %i', async (refusal) => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response, count) =>
        count === 0
          ? json(response, refusal, { message: 'Request has expired' })
          : serveFile(request, response, fileBytes, true),
    );
    const result = await fetchCarrierSetup(client(api), { pollIntervalMs: 5 });
    expect(result).toEqual(fileData);
    expect(statusPaths(api)).toHaveLength(2);
    expect(filePaths(api)).toHaveLength(2);
  });

  it('gives up with EXPIRED when the address keeps expiring', async () => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => json(response, 410, {}),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5, maxRenewals: 2 }));
    expect(error.code).toBe('EXPIRED');
    expect(statusPaths(api)).toHaveLength(3);
  });

  it("says, when expires_at lies in the past on every renewal, what expires_at, the server's Date and this clock said", async () => {
    const serverDate = 'Tue, 03 Mar 2026 10:00:00 GMT';
    const expired = completed(`http://127.0.0.1:1${FILE_PATH}`, new Date('2026-03-03T09:00:00Z'));
    const api = await startApi(() => [(response) => json(response, 200, expired, { Date: serverDate })]);
    const clock = fakeClock();
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5, maxRenewals: 1, clock }));
    expect(error.code).toBe('EXPIRED');
    expect(error.message).toContain(
      `expires_at 2026-03-03T09:00:00Z had passed: the server's Date header said ${serverDate}, the clock of this machine said ${new Date(clock.now()).toUTCString()}`,
    );
  });

  it('[4.2.returns] rejects a file that breaks the contract, naming the JSON pointer of the first problem', async () => {
    const broken = exampleSetupFile();
    broken[0]!.products[0]!.country_combinations[1]!.receiver_country_code = 'se';
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, Buffer.from(JSON.stringify(broken)), true),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.pointer).toBe('/0/products/0/country_combinations/1/receiver_country_code');
    expect(error.message).toContain('/0/products/0/country_combinations/1/receiver_country_code');
  });

  it('rejects a file that is not JSON', async () => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, fileBytes.subarray(0, 1000), true),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toMatch(/is not JSON/);
  });

  it('rejects a file that is not UTF-8', async () => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, Buffer.from([0x5b, 0x22, 0xc3, 0x28, 0x22, 0x5d]), true),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error.code).toBe('INVALID_FILE');
    expect(error.message).toBe(
      'The carrier setup file is not UTF-8 text: the bytes from byte 2 on (c3 28 22 5d) are no UTF-8 character.',
    );
  });

  describe('the chunks of a body that fetch did not make', () => {
    // The file's bytes in 4 KiB pieces, across the three kinds of text.
    const pieces = (bytes: Buffer) =>
      Array.from(
        { length: Math.ceil(bytes.length / 4096) },
        (_, i) => new Uint8Array(bytes.subarray(i * 4096, (i + 1) * 4096)),
      );
    const scripts = ['ascii', 'latin1', 'sparse-beyond-latin1', 'dense-beyond-latin1'] as const;

    /**
     * A client whose fetch answers the file with the stream `body` makes, announcing `announced`
     * bytes (and the status over loopback), and the chunks that the client's reader of that stream
     * received.
     */
    async function clientWithBody(bytes: Buffer, body: () => ReadableStream<Uint8Array>, announced = bytes.length) {
      const api = await startApi((origin) => [completed(`${origin}${FILE_PATH}`)]);
      const read: Uint8Array[] = [];
      const fileBody = () => {
        const stream = body();
        const getReader = stream.getReader.bind(stream) as (
          options?: unknown,
        ) => ReadableStreamDefaultReader<Uint8Array>;
        stream.getReader = ((options?: unknown) => {
          const reader = getReader(options);
          if (options !== undefined) return reader;
          const next = reader.read.bind(reader);
          reader.read = async () => {
            const step = await next();
            if (step.value) read.push(step.value);
            return step;
          };
          return reader;
        }) as typeof stream.getReader;
        return stream;
      };
      const fetch = (request: Request) =>
        new URL(request.url).pathname === FILE_PATH
          ? Promise.resolve(new Response(fileBody(), { headers: { 'Content-Length': String(announced) } }))
          : globalThis.fetch(request);
      return {
        shipping: createShippingClient({ baseUrl: `${api.origin}/api/public/v3`, username, apiKey, fetch }),
        read,
      };
    }

    it.each(scripts)("leaves alone the chunks of a stream that are still its source's (%s)", async (script) => {
      const bytes = setupFileOfSize(64 * 1024, script);
      const parts = pieces(bytes);
      const { shipping, read } = await clientWithBody(bytes, () => {
        let next = 0;
        return new ReadableStream({
          pull: (controller) => (next < parts.length ? controller.enqueue(parts[next++]!) : controller.close()),
        });
      });
      expect(await fetchCarrierSetup(shipping, { pollIntervalMs: 5 })).toEqual(JSON.parse(bytes.toString('utf8')));
      expect(read).toHaveLength(parts.length);
      expect(Buffer.concat(parts).equals(bytes)).toBe(true);
    });

    it('reports the shortfall when the announced length is far beyond the bytes', async () => {
      const bytes = setupFileOfSize(64 * 1024, 'ascii');
      const { shipping } = await clientWithBody(
        bytes,
        () => {
          const parts = pieces(bytes);
          return new ReadableStream({
            type: 'bytes',
            pull: (controller) => (parts.length > 0 ? controller.enqueue(parts.shift()!) : controller.close()),
          });
        },
        2 ** 40,
      );
      const error = await failure(fetchCarrierSetup(shipping, { pollIntervalMs: 5 }));
      expect(error.code).toBe('LENGTH_MISMATCH');
      expect(error.message).toContain(`${bytes.length} received, ${2 ** 40} announced`);
    });

    it('stops at the first byte beyond the announced length', async () => {
      const bytes = setupFileOfSize(64 * 1024, 'ascii');
      const parts = pieces(bytes);
      const { shipping, read } = await clientWithBody(
        bytes,
        () =>
          new ReadableStream({
            pull: (controller) => (parts.length > 0 ? controller.enqueue(parts.shift()!) : controller.close()),
          }),
        10_000,
      );
      const error = await failure(fetchCarrierSetup(shipping, { pollIntervalMs: 5 }));
      expect(error).toMatchObject({ code: 'LENGTH_MISMATCH', operation: 'downloadCarrierSetupFile' });
      expect(error.message).toBe(
        'The carrier setup file has more bytes than announced: 12288 received, 10000 announced by Content-Length or Content-Range.',
      );
      // The client read no further than the chunk that went beyond.
      expect(read).toHaveLength(3);
    });
  });

  // The download's success code is not specified (x-unspecified): a 203 with the whole file is the file.
  it('reads the whole file answered with another success code than 200', async () => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_request, response) => {
        response.writeHead(203, {
          'Content-Type': 'application/octet-stream',
          'Content-Length': String(fileBytes.length),
        });
        response.end(fileBytes);
      },
    );
    expect(await fetchCarrierSetup(client(api), { pollIntervalMs: 5 })).toEqual(fileData);
  });

  it('reads a file that starts with a UTF-8 byte order mark', async () => {
    const withMark = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), fileBytes]);
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, withMark, true),
    );
    expect(await fetchCarrierSetup(client(api), { pollIntervalMs: 5 })).toEqual(fileData);
  });

  // RFC 9110 §14.1: a range unit is case-insensitive, so `Bytes` continues a download as `bytes` does;
  // and a 206 may give the whole length as `*` (§14.4), as the contract's Content-Range allows.
  it.each([
    ['bytes', 'length'],
    ['Bytes', 'length'],
    ['BYTES', 'length'],
    ['bytes', '*'],
  ])('resumes a broken download answered with Content-Range unit %j and %s', async (unit, total) => {
    const clock = fakeClock();
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response, count) => {
        if (count === 0) return cutAfter(response, fileBytes, 100_000, 200, { 'Accept-Ranges': 'bytes' });
        const start = Number(/\d+/.exec(String(request.headers.range))![0]);
        const slice = fileBytes.subarray(start);
        response.writeHead(206, {
          'Content-Length': String(slice.length),
          'Content-Range': `${unit} ${start}-${fileBytes.length - 1}/${total === '*' ? '*' : fileBytes.length}`,
        });
        response.end(slice);
      },
    );
    expect(await fetchCarrierSetup(client(api), { pollIntervalMs: 5, clock })).toEqual(fileData);
  });

  it('rejects a truncated file whose bytes fall short of the announced length', async () => {
    const clock = fakeClock();
    // The resumed answer says it continues to the end, but stops 1000 bytes short.
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (request, response, count) => {
        if (count === 0) return cutAfter(response, fileBytes, 100_000, 200, { 'Accept-Ranges': 'bytes' });
        const start = Number(/\d+/.exec(String(request.headers.range))![0]);
        const slice = fileBytes.subarray(start, fileBytes.length - 1000);
        response.writeHead(206, {
          'Content-Length': String(slice.length),
          'Content-Range': `bytes ${start}-${fileBytes.length - 1}/${fileBytes.length}`,
        });
        response.end(slice);
      },
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5, clock }));
    expect(error.code).toBe('LENGTH_MISMATCH');
    expect(error.message).toContain(`${fileBytes.length - 1000} received, ${fileBytes.length} announced`);
  });

  it('[4.1.response] rejects a status that breaks the contract, naming the JSON pointer', async () => {
    const api = await startApi(() => [{ status: 'COMPLETED', expires_at: '2026-11-21T15:30:00Z', url: null } as never]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error.code).toBe('INVALID_STATUS');
    expect(error.pointer).toBe('/url');
  });

  it('fails fast on 401, saying that the credentials were refused', async () => {
    const api = await startApi(() => [
      (response) => json(response, 401, { message: 'bad credentials' }, { 'WWW-Authenticate': 'Basic realm="x"' }),
    ]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({
      code: 'UNAUTHORIZED',
      status: 401,
      operation: 'requestCarrierSetup',
      body: '{"message":"bad credentials"}',
    });
    expect(error.message).toMatch(/refused the credentials/);
    expect(statusPaths(api)).toHaveLength(1);
  });

  it('fails fast on 401 from the file server', async () => {
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => json(response, 401, {}),
    );
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({ code: 'UNAUTHORIZED', status: 401, operation: 'downloadCarrierSetupFile' });
    // The credentials were sent: no origin is missing from credentialOrigins.
    expect(error).toMatchObject({ option: undefined, origin: undefined });
    expect(filePaths(api)).toHaveLength(1);
  });

  it('reports another error status with the status, the operation and the body cut short', async () => {
    const api = await startApi(() => [(response) => json(response, 500, { message: 'x'.repeat(5000) })]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 5 }));
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 500, operation: 'requestCarrierSetup' });
    expect(error.body!.length).toBeLessThan(1100);
  });

  it('suggests the base path on a 404 from a base URL that does not end in /api/public/v3', async () => {
    const server = await startServer((_request, response) => json(response, 404, {}));
    const wrong = createShippingClient({ baseUrl: server.origin, username, apiKey });
    const error = await failure(fetchCarrierSetup(wrong, { pollIntervalMs: 5 }));
    expect(error).toMatchObject({ code: 'HTTP_ERROR', status: 404 });
    expect(error.message).toContain(`the base URL ${server.origin} does not end in /api/public/v3`);
    expect(error.message).toContain(`(such as ${server.origin}/api/public/v3)`);
    const right = await failure(
      fetchCarrierSetup(createShippingClient({ baseUrl: `${server.origin}/api/public/v3`, username, apiKey }), {
        pollIntervalMs: 5,
      }),
    );
    expect(right.message).toBe(
      `GET /setups/carriers answered 404 Not Found: ${server.origin}/api/public/v3/setups/carriers is not served there.`,
    );
  });

  it('stops promptly when the signal aborts while it waits between polls', async () => {
    const api = await startApi(() => [inProgress]);
    const controller = new AbortController();
    const run = fetchCarrierSetup(client(api), {
      pollIntervalMs: 600_000,
      signal: controller.signal,
      onStatus: () => controller.abort(),
    });
    const error = await failure(run);
    expect(error).toMatchObject({ code: 'ABORTED', operation: 'requestCarrierSetup' });
    expect(statusPaths(api)).toHaveLength(1);
  });

  it('stops promptly when the signal aborts mid-download', async () => {
    const controller = new AbortController();
    const api = await startApi(
      (origin) => [completed(`${origin}${FILE_PATH}`)],
      (_, response) => {
        // Half the file, then silence: only the abort can end this.
        response.writeHead(200, { 'Content-Length': String(fileBytes.length) });
        response.write(fileBytes.subarray(0, 1000));
      },
    );
    const error = await failure(
      fetchCarrierSetup(client(api), {
        pollIntervalMs: 5,
        signal: controller.signal,
        onProgress: () => controller.abort(),
      }),
    );
    expect(error).toMatchObject({ code: 'ABORTED', operation: 'downloadCarrierSetupFile' });
  });

  it('stops with TIMEOUT when timeoutMs runs out', async () => {
    const api = await startApi(() => [inProgress]);
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 600_000, timeoutMs: 50 }));
    expect(error).toMatchObject({ code: 'TIMEOUT', operation: 'requestCarrierSetup' });
    expect(error.message).toContain('timeoutMs (50 ms)');
  });

  it('gives up waiting for COMPLETED after maxWaitMs, 20 minutes by default, naming the last status', async () => {
    const api = await startApi(() => [inProgress]);
    const clock = fakeClock();
    const error = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, clock }));
    expect(error).toMatchObject({ code: 'TIMEOUT', operation: 'requestCarrierSetup', option: 'maxWaitMs' });
    expect(error.message).toBe(
      'fetchCarrierSetup gave up waiting for COMPLETED: the last status was IN_PROGRESS, 20 min 0 s after the first of 81 calls of GET /setups/carriers (maxWaitMs 1200000 ms, 20 min 0 s).',
    );
    expect(statusPaths(api)).toHaveLength(81);
    const sooner = await failure(fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, maxWaitMs: 60_000, clock }));
    expect(sooner.message).toMatch(/the last status was IN_PROGRESS, 1 min 0 s after the first of 5 calls/);
  });

  it('waits as long as it takes with maxWaitMs: Infinity', async () => {
    const api = await startApi(
      (origin) => [...Array.from({ length: 200 }, () => inProgress), completed(`${origin}${FILE_PATH}`)],
      (request, response) => serveFile(request, response, fileBytes, true),
    );
    const clock = fakeClock();
    expect(await fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, maxWaitMs: Infinity, clock })).toEqual(
      fileData,
    );
  });

  it('measures timeoutMs on the clock passed in, as every other wait', async () => {
    const api = await startApi(() => [inProgress]);
    // A clock a thousand times faster than the real one: two minutes of it pass in 120 ms.
    const started = Date.now();
    const fast: Clock = {
      now: () => started + (Date.now() - started) * 1000,
      sleep: (ms, signal) => setTimeout(ms / 1000, undefined, { signal }),
    };
    const run = failure(fetchCarrierSetup(client(api), { pollIntervalMs: 15_000, timeoutMs: 120_000, clock: fast }));
    const realSeconds = setTimeout(5000, 'still running after 5 real seconds', { ref: false });
    const error = await Promise.race([run, realSeconds]);
    expect(error).toMatchObject({ code: 'TIMEOUT', operation: 'requestCarrierSetup' });
  });

  it('refuses a client it did not make, and options out of range, naming them', async () => {
    await expect(fetchCarrierSetup({} as never)).rejects.toThrow(/needs a client made by createShippingClient/);
    const api = await startApi(() => [inProgress]);
    await expect(fetchCarrierSetup(client(api), { pollIntervalMs: 0 })).rejects.toThrow(
      /pollIntervalMs must be a number of at least 1/,
    );
    await expect(fetchCarrierSetup(client(api), { maxDownloadAttempts: 1.5 })).rejects.toThrow(
      /maxDownloadAttempts must be an integer/,
    );
    await expect(fetchCarrierSetup(client(api), { timeoutMs: -1 })).rejects.toThrow(
      /timeoutMs must be a positive number/,
    );
    await expect(fetchCarrierSetup(client(api), { maxWaitMs: 0 })).rejects.toThrow(
      /maxWaitMs must be a number of at least 1/,
    );
    expect(api.received).toHaveLength(0);
  });
});
