// The file at the url of a COMPLETED status: Content-Length, ETag, Accept-Ranges, Range with 206
// and Content-Range, If-Range, 416 (positions of any number of digits), the same Basic credentials.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exampleSetupFileBytes } from '../support/fixtures/example-setup-file.ts';
import type { RunningSandbox } from 'shipping-api-v3-sandbox';
import { basic, closeSandboxes, sandbox, sandboxFetch, untilCompleted } from '../support/harness/sandbox.ts';

afterEach(closeSandboxes);

let s: RunningSandbox;
let url: string;
const file = exampleSetupFileBytes();
const get = (headers: Record<string, string> = {}, user = 'tester') =>
  sandboxFetch(url, { headers: { authorization: basic(user), ...headers } });

beforeEach(async () => {
  s = await sandbox({ generationMs: 0 });
  url = (await untilCompleted(s.baseUrl, 'tester', 5)).completed.url;
});

describe('the carrier setup file', () => {
  it('is served whole with Content-Length, ETag and Accept-Ranges, and is the setup file', async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(file.length));
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
  });

  it('serves one byte range with 206 and Content-Range, in each form of RFC 9110', async () => {
    for (const [range, start, end] of [
      ['bytes=0-9', 0, 9],
      ['Bytes=0-9', 0, 9],
      ['BYTES=-50', file.length - 50, file.length - 1],
      ['bytes=100-', 100, file.length - 1],
      ['bytes=-50', file.length - 50, file.length - 1],
      [`bytes=10-${file.length + 500}`, 10, file.length - 1],
    ] as const) {
      const response = await get({ range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${file.length}`);
      expect(response.headers.get('content-length')).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer()).equals(file.subarray(start, end + 1))).toBe(true);
    }
  });

  // A unit other than bytes is legal HTTP that a server ignores (RFC 9110, section 14.2).
  it('[4.2.range] serves the whole file for a range of another unit', async () => {
    const response = await get({ range: 'items=0-5' });
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(file)).toBe(true);
  });

  it('answers 416 with Content-Range bytes */size when the range lies outside the file', async () => {
    const response = await get({ range: `bytes=${file.length}-` });
    expect(response.status).toBe(416);
    expect(response.headers.get('content-range')).toBe(`bytes */${file.length}`);
  });

  it('answers 416 to any start at or beyond the end, however many digits it has', async () => {
    for (const range of [
      'bytes=99999999999999999999-',
      'bytes=9007199254740993-',
      `bytes=${'9'.repeat(400)}-`,
      `bytes=${file.length}-99999999999999999999`,
      'bytes=99999999999999999999-99999999999999999999',
      'bytes=-0',
    ]) {
      const response = await get({ range });
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range'), range).toBe(`bytes */${file.length}`);
      const problem = await response.json();
      expect(problem.detail, range).toMatch(
        new RegExp(`^The range "bytes=.{0,35}" lies outside the file, which has ${file.length} bytes\\.$`),
      );
    }
  });

  it('serves the whole file as 206 for an end or a suffix beyond it, however many digits it has', async () => {
    for (const range of ['bytes=0-99999999999999999999', `bytes=0-${'9'.repeat(400)}`, 'bytes=-99999999999999999999']) {
      const response = await get({ range });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(`bytes 0-${file.length - 1}/${file.length}`);
      expect(Buffer.from(await response.arrayBuffer()).equals(file), range).toBe(true);
    }
  });

  it('honours If-Range: the range with the current ETag, the whole file with another', async () => {
    const etag = (await get()).headers.get('etag')!;
    expect((await get({ range: 'bytes=5-', 'if-range': etag })).status).toBe(206);
    const other = await get({ range: 'bytes=5-', 'if-range': '"another"' });
    expect(other.status).toBe(200);
    expect(other.headers.get('content-length')).toBe(String(file.length));
  });

  it('serves the whole file for a Range it does not honour (several ranges, another unit)', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-2', 'bytes=99999999999999999999-5'])
      expect((await get({ range })).status, range).toBe(200);
  });

  it('asks for Basic credentials, and is 404 to another API user', async () => {
    const anonymous = await sandboxFetch(url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('www-authenticate')).toBe('Basic realm="sandbox"');
    expect((await get({}, 'someone-else')).status).toBe(404);
  });
});
