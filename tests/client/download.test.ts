// fetchCarrierSetup's download (download.ts): the media types and success codes it takes, the text kept
// with withText, a download cut off and resumed with Range or started again, the chunks fetch hands
// it, a byte order mark, the announced length.
import { afterEach, describe, expect, it } from 'vitest';
import { createShippingClient, type DownloadProgress, fetchCarrierSetup } from 'shipping-api-v3-client';
import { closeAll, cutAfter, serveFile } from '../support/harness/servers.ts';
import { failure } from '../support/harness/shipping-error.ts';
import { completed, exampleSetupFile, setupFileOfSize } from '../../dev/fixtures/setup-file.ts';
import {
  username,
  apiKey,
  FILE_PATH,
  fakeClock,
  startApi,
  client,
  fileBytes,
  fileData,
  filePaths,
} from '../support/harness/setup-api.ts';

afterEach(closeAll);

describe('fetchCarrierSetup: the download', () => {
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
});
