// Random requests at every route: the answer is prompt, never a 5xx, and every refusal is a 4xx
// problem (RFC 9457) with a readable reason.
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from 'shipping-api-v3-sandbox';
import { exampleSetupFileBytes } from '../support/fixtures/example-setup-file.ts';
import { basic } from '../support/harness/sandbox.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = createSandbox({ generationMs: 0, minPollMs: 0, bodyLimit: 4096, origin: 'http://127.0.0.1:4020' });
  await app.ready();
});
afterAll(() => app.close());

const ROUTES = [
  '/api/public/v3/setups/carriers',
  '/api/public/v3/shipments',
  '/api/public/v3/sales_orders',
  '/api/public/v3/imported_shipments',
  '/api/public/v3/shipment_drafts',
  '/_sandbox/attributions',
  '/_sandbox/state',
  '/_sandbox/faults',
  '/files/x/y.json',
];
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
const printable = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
  maxLength: 40,
});
const user = fc.constantFrom('prop-a', 'prop-b', 'prop-c');

const path = fc
  .oneof(
    fc.constantFrom(...ROUTES),
    fc.webPath(),
    fc.tuple(fc.constantFrom(...ROUTES), printable).map(([route, tail]) => `${route}${tail.replace(/[\s#]/g, '')}`),
  )
  .map((p) => (p.startsWith('/') ? p : `/${p}`));
const authorization = fc.oneof(
  user.map((u) => basic(u)),
  fc.constant(undefined),
  printable,
  fc.tuple(printable, printable).map(([u, k]) => basic(u.replace(/:/g, ''), k)),
);
const contentType = fc.oneof(
  fc.constant('application/json'),
  fc.constant(undefined),
  fc.constantFrom('text/plain', 'application/xml', 'application/json; charset=utf-8', 'multipart/form-data'),
  printable,
);
const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc.string({ maxLength: 200 }),
  fc.constantFrom('{"partner_id":5}', '{"fault":"throttle","count":1}', '{"__proto__":{"x":1}}', '{', ''),
  fc.nat({ max: 6000 }).map((n) => `{"reference":"${'x'.repeat(n)}"}`),
);
/** Decimal numbers of every size: ordinary, with exponents far beyond a double's, and with long runs of digits. */
const numberText = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
  fc
    .tuple(
      fc.constantFrom('', '-'),
      fc.stringMatching(/^(0|[1-9]\d{0,5})(\.\d{1,5})?$/),
      fc.constantFrom('e', 'E'),
      fc.constantFrom('', '+', '-'),
      fc.integer({ min: 0, max: 1200 }),
    )
    .map(([sign, mantissa, e, expSign, exponent]) => `${sign}${mantissa}${e}${expSign}${exponent}`),
  fc.integer({ min: 1, max: 700 }).map((n) => `1${'0'.repeat(n)}`),
  fc.integer({ min: 1, max: 700 }).map((n) => `0.${'0'.repeat(n)}1`),
  // Long runs with a short exponent: beyond a double without an exponent of three digits.
  fc
    .tuple(fc.integer({ min: 150, max: 400 }), fc.integer({ min: -99, max: 99 }))
    .map(([n, exponent]) => (exponent > 0 ? `1${'0'.repeat(n)}e${exponent}` : `0.${'0'.repeat(n)}1e${exponent}`)),
);

/** The contract's text of a decimal number for the Partner-ID header (PartnerIdHeaderValue's pattern). */
const headerDecimal = new RegExp(readJson(bundlePath).components.schemas.PartnerIdHeaderValue.pattern as string);
/** The forms of a decimal number the pattern admits beyond a double's String(): a sign, a point at either end. */
const decimalForms = fc
  .tuple(
    fc.constantFrom('', '+', '-'),
    fc.oneof(fc.stringMatching(/^\d{1,4}\.\d{0,3}$/), fc.stringMatching(/^\.\d{1,4}$/), fc.stringMatching(/^\d{1,6}$/)),
    fc.constantFrom('', 'e2', 'E-3', 'e+400'),
  )
  .map(([sign, digits, exponent]) => `${sign}${digits}${exponent}`);

/** What the text of a decimal number reads as when a double cannot hold it, by the rule's words. */
function readsAs(text: string): string | undefined {
  const value = Number(text);
  if (!Number.isFinite(value)) return String(value);
  const notZero = /[1-9]/.test(text.replace(/[eE].*$/, ''));
  return value === 0 && notZero ? '0' : undefined;
}

const beyondMessage = (text: string) =>
  `${text.length > 40 ? `${text.slice(0, 16)}…${text.slice(-16)} (${text.length} characters)` : text} is beyond the range of a double (IEEE 754 binary64): it would read as ${readsAs(text)}`;

const extraHeaders = fc.dictionary(
  fc.constantFrom('partner-id', 'range', 'if-range', 'x-anything', 'accept', 'content-length-ish'),
  printable,
  { maxKeys: 3 },
);

async function expectSound(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  method: string,
): Promise<void> {
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (response.statusCode >= 400 && method !== 'HEAD') {
    expect(String(response.headers['content-type'])).toMatch(/^application\/problem\+json/);
    const problem = JSON.parse(response.body);
    expect(problem.status).toBe(response.statusCode);
    expect(problem.detail).toEqual(expect.any(String));
    expect(problem.detail.length).toBeGreaterThan(10);
    for (const item of problem.errors ?? []) {
      expect(item.message).toEqual(expect.any(String));
      expect(typeof item.pointer === 'string' || typeof item.header === 'string').toBe(true);
      if (typeof item.pointer === 'string') expect(item.pointer).toMatch(/^(|\/.*)$/);
    }
  }
}

describe('random requests', () => {
  it('any method, path, credentials, content type, body and headers: never a 5xx, refusals are problems', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        path,
        authorization,
        contentType,
        body,
        extraHeaders,
        async (method, url, auth, type, payload, extra) => {
          const headers: Record<string, string> = { ...extra };
          if (auth !== undefined) headers.authorization = auth;
          if (type !== undefined) headers['content-type'] = type;
          const response = await app.inject({
            method,
            url,
            headers,
            ...(payload !== undefined && method !== 'GET' && method !== 'HEAD' ? { payload } : {}),
          });
          await expectSound(response, method);
          if (response.statusCode === 401) expect(response.headers['www-authenticate']).toBe('Basic realm="sandbox"');
        },
      ),
      { numRuns: 1500 },
    );
  });

  it('random JSON at each creation: 201 with an id, or 422 with JSON pointers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('shipments', 'sales_orders', 'imported_shipments', 'shipment_drafts'),
        fc.jsonValue({ maxDepth: 3 }),
        user,
        async (kind, value, u) => {
          const response = await app.inject({
            method: 'POST',
            url: `/api/public/v3/${kind}`,
            headers: { authorization: basic(u), 'content-type': 'application/json' },
            payload: JSON.stringify(value),
          });
          await expectSound(response, 'POST');
          expect([201, 400, 422]).toContain(response.statusCode);
          if (response.statusCode === 201)
            expect(JSON.parse(response.body)).toEqual({ id: expect.stringMatching(/^[a-z_]+-\d+$/) });
        },
      ),
      { numRuns: 800 },
    );
  });

  it('random Partner-ID headers: stored when a number written in decimal that a double holds, else 400 naming the header', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          printable,
          fc.integer().map(String),
          fc.bigInt().map(String),
          fc.double({ noNaN: true }).map(String),
          numberText,
          decimalForms,
          decimalForms.map((text) => ` ${text}\t`),
        ),
        async (value) => {
          const response = await app.inject({
            method: 'POST',
            url: '/api/public/v3/shipment_drafts',
            headers: { authorization: basic('prop-p'), 'content-type': 'application/json', 'partner-id': value },
            payload: '{}',
          });
          await expectSound(response, 'POST');
          // HTTP drops the whitespace around a header's value.
          const decimal = headerDecimal.test(value.trim());
          const valid = decimal && readsAs(value.trim()) === undefined;
          expect(response.statusCode, value).toBe(valid ? 201 : 400);
          if (!valid) expect(JSON.parse(response.body).errors[0].header).toBe('Partner-ID');
          if (decimal && !valid) expect(JSON.parse(response.body).errors[0].message).toBe(beyondMessage(value.trim()));
        },
      ),
      { numRuns: 500 },
    );
  });

  // The rest of the body: any JSON but a key the sandbox refuses with 400 before it reads numbers
  // (`__proto__`, `constructor`; tests/sandbox/json-body.test.ts).
  const hasPrototypeKey = (value: unknown): boolean =>
    typeof value === 'object' &&
    value !== null &&
    (Object.keys(value).some((key) => key === '__proto__' || key === 'constructor') ||
      Object.values(value).some(hasPrototypeKey));
  const otherJson = fc.jsonValue({ maxDepth: 2 }).filter((value) => !hasPrototypeKey(value));

  it("random numbers anywhere in a body: 422 at their JSON pointer when a double cannot hold them, with the header's sentence", async () => {
    await fc.assert(
      fc.asyncProperty(numberText, fc.nat({ max: 6 }), otherJson, async (text, depth, other) => {
        const payload = `{"other":${JSON.stringify(other)},"x":${'['.repeat(depth)}${text}${']'.repeat(depth)}}`;
        const response = await app.inject({
          method: 'POST',
          url: '/api/public/v3/imported_shipments',
          headers: { authorization: basic('prop-n'), 'content-type': 'application/json' },
          payload,
        });
        await expectSound(response, 'POST');
        if (readsAs(text) === undefined) expect(response.statusCode, payload).toBe(201);
        else {
          expect(response.statusCode, payload).toBe(422);
          expect(JSON.parse(response.body).errors, payload).toEqual([
            { pointer: `/x${'/0'.repeat(depth)}`, message: beyondMessage(text) },
          ]);
        }
      }),
      { numRuns: 500 },
    );
  });

  /** The path of the file a COMPLETED status hands out to the API user of `headers` (the second poll completes). */
  const fileAddress = async (headers: Record<string, string>): Promise<string> => {
    await app.inject({ method: 'GET', url: '/api/public/v3/setups/carriers', headers });
    const completed = JSON.parse(
      (await app.inject({ method: 'GET', url: '/api/public/v3/setups/carriers', headers })).body,
    );
    return new URL(completed.url).pathname;
  };

  it('random Range and If-Range on the file: 200 or 206 with the right bytes, or 416', async () => {
    const headers = { authorization: basic('prop-range') };
    const url = await fileAddress(headers);
    // The file's bytes, and its ETag as the sandbox sends it.
    const file = {
      bytes: exampleSetupFileBytes(),
      etag: (await app.inject({ method: 'HEAD', url, headers })).headers.etag as string,
    };
    expect(file.etag).toMatch(/^"[\w-]+"$/);
    const range = fc.oneof(
      printable,
      fc.tuple(fc.nat({ max: 7000 }), fc.nat({ max: 7000 })).map(([a, b]) => `bytes=${a}-${b}`),
      fc.nat({ max: 7000 }).map((a) => `bytes=${a}-`),
      fc.nat({ max: 7000 }).map((n) => `bytes=-${n}`),
    );
    await fc.assert(
      fc.asyncProperty(
        range,
        fc.option(fc.constantFrom(file.etag, '"other"', 'Tue, 24 Nov 2026 10:00:00 GMT')),
        async (value, ifRange) => {
          const response = await app.inject({
            method: 'GET',
            url,
            headers: { ...headers, range: value, ...(ifRange ? { 'if-range': ifRange } : {}) },
          });
          await expectSound(response, 'GET');
          expect([200, 206, 416]).toContain(response.statusCode);
          if (response.statusCode === 206) {
            const [, start, end, total] = /^bytes (\d+)-(\d+)\/(\d+)$/
              .exec(String(response.headers['content-range']))!
              .map(Number) as number[];
            expect(total).toBe(file.bytes.length);
            expect(response.rawPayload.equals(file.bytes.subarray(start, end! + 1))).toBe(true);
          }
          if (response.statusCode === 200) expect(response.rawPayload.equals(file.bytes)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('positions of any number of digits: a start at or beyond the size is 416, an end or suffix beyond it serves to the end', async () => {
    const headers = { authorization: basic('prop-range-digits') };
    const url = await fileAddress(headers);
    const size = BigInt(exampleSetupFileBytes().length);
    const huge = fc.bigInt({ min: size, max: 10n ** 40n });
    // Leading zeros change no position.
    const zeros = fc.nat({ max: 3 }).map((n) => '0'.repeat(n));
    const range = fc.oneof(
      // Beyond the end: 416.
      fc.tuple(huge, zeros).map(([start, pad]) => ({ value: `bytes=${pad}${start}-`, from: undefined })),
      fc
        .tuple(huge, fc.bigInt({ min: 0n, max: 10n ** 40n }), zeros)
        .map(([start, extra, pad]) => ({ value: `bytes=${pad}${start}-${start + extra}`, from: undefined })),
      // In the file, to an end or from a suffix beyond it: the file from the start to its end.
      fc
        .tuple(fc.bigInt({ min: 0n, max: size - 1n }), huge, zeros)
        .map(([start, end, pad]) => ({ value: `bytes=${start}-${pad}${end}`, from: start })),
      huge.map((suffix) => ({ value: `bytes=-${suffix}`, from: 0n })),
    );
    await fc.assert(
      fc.asyncProperty(range, async ({ value, from }) => {
        const response = await app.inject({ method: 'GET', url, headers: { ...headers, range: value } });
        await expectSound(response, 'GET');
        if (from === undefined) {
          expect(response.statusCode, value).toBe(416);
          expect(response.headers['content-range'], value).toBe(`bytes */${size}`);
        } else {
          expect(response.statusCode, value).toBe(206);
          expect(response.headers['content-range'], value).toBe(`bytes ${from}-${size - 1n}/${size}`);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('random fault bodies: 201 with the queue, or 422 naming the field', async () => {
    const fault = fc.record(
      {
        fault: fc.oneof(fc.constantFrom('throttle', 'cut_download', 'expire_url', 'unavailable'), printable),
        count: fc.jsonValue(),
        afterBytes: fc.oneof(fc.nat(), fc.jsonValue()),
        retryAfterSeconds: fc.oneof(fc.nat(), fc.jsonValue()),
        other: fc.jsonValue(),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(fault, async (value) => {
        const response = await app.inject({
          method: 'POST',
          url: '/_sandbox/faults',
          headers: { authorization: basic('prop-faults'), 'content-type': 'application/json' },
          payload: JSON.stringify(value),
        });
        await expectSound(response, 'POST');
        expect([201, 400, 422]).toContain(response.statusCode);
        await app.inject({
          method: 'DELETE',
          url: '/_sandbox/state',
          headers: { authorization: basic('prop-faults') },
        });
      }),
      { numRuns: 500 },
    );
  });
});

describe('random bytes on the wire', () => {
  it('every request, however malformed, gets a prompt answer below 500 over a real socket', async () => {
    const { startSandbox } = await import('shipping-api-v3-sandbox');
    const { connect } = await import('node:net');
    const s = await startSandbox({ generationMs: 0, minPollMs: 0, bodyLimit: 4096 });
    const { port } = new URL(s.origin);
    const exchange = (raw: Buffer) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1');
        let answer = '';
        // A hang is reported as one, rather than as the test's timeout.
        socket.setTimeout(15_000, () => {
          socket.destroy();
          reject(new Error(`no answer to ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`));
        });
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('error', () => resolve(answer));
        socket.on('close', () => resolve(answer));
        socket.end(raw);
      });
    const token = fc.string({
      unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)),
      minLength: 1,
      maxLength: 20,
    });
    const bytes = fc.uint8Array({ maxLength: 300 }).map((a) => Buffer.from(a).toString('latin1'));
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(fc.constantFrom('GET', 'POST', 'DELETE', 'HEAD'), token),
          fc.oneof(
            fc.constantFrom(...ROUTES),
            token.map((t) => `/${t}`),
            fc.webPath().map((p) => `/${p}`),
          ),
          fc.array(
            fc.tuple(
              fc.oneof(
                fc.constantFrom(
                  'Authorization',
                  'Content-Type',
                  'Partner-ID',
                  'Range',
                  'Content-Length',
                  'Transfer-Encoding',
                ),
                token,
              ),
              fc.oneof(bytes, token),
            ),
            { maxLength: 4 },
          ),
          fc.oneof(
            bytes,
            fc.jsonValue().map((v) => JSON.stringify(v)),
          ),
          fc.boolean(),
          async (method, url, headers, payload, authorized) => {
            const lines = [`${method} ${url} HTTP/1.1`, 'Host: 127.0.0.1', 'Connection: close'];
            if (authorized)
              lines.push(
                `Authorization: ${basic('wire-user')}`,
                'Content-Type: application/json',
                `Content-Length: ${Buffer.byteLength(payload, 'latin1')}`,
              );
            for (const [name, value] of headers) lines.push(`${name}: ${value}`);
            const answer = await exchange(Buffer.from(`${lines.join('\r\n')}\r\n\r\n${payload}`, 'latin1'));
            const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
            // A request the HTTP parser cannot read may be closed without an answer; anything answered is below 500.
            if (status) expect(Number(status[1]), answer.slice(0, 400)).toBeLessThan(500);
          },
        ),
        { numRuns: 400 },
      );
    } finally {
      await s.close();
    }
  });
});
