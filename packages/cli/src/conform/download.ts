// The download before expires_at: the whole file (valid against the setup file's schema), then a
// Range request, which HTTP lets a server answer with 206 and exactly those bytes, or with 200 and
// the whole file; which one this server chose is reported.
import { CarrierSetupFile, contractJudge } from 'shipping-api-v3-contract';
import type { Completed } from './lifecycle.ts';
import type { Report } from './rules.ts';
import { body, type Credentials, type Exchange, shownUrl, type Traffic } from './traffic.ts';
import { mediaType } from './answers.ts';

const RESERVED_FOR = (url: string) => `expires_at had passed when the status came; ${shownUrl(url)} was not asked for`;

/** The range asked for: 64 bytes a little into the file (so that an answer from byte 0 shows), within it. */
function rangeOf(length: number): { start: number; end: number } {
  const start = Math.min(10, Math.floor(length / 4));
  return { start, end: Math.min(start + 63, length - 1) };
}

/** Where two byte runs first differ, or -1. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i += 1) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : length;
}

/** The whole file: answered 200 before expires_at, and valid against the schema (the answers check says where not). */
function judgeWhole(whole: Exchange, completed: Completed, report: Report): boolean {
  if (whole.status !== 200) {
    const text = `${shownUrl(completed.url)} answered ${whole.status} before expires_at ${completed.expires_at}`;
    report.fail('8.url-lifetime', text);
    report.fail('4.2.returns', text);
    return false;
  }
  report.pass('8.url-lifetime', `served before expires_at ${completed.expires_at}`);
  report.observe('4.2.media-type', `the whole file served as ${mediaType(whole) || 'no media type'}`);
  const data = body.json(whole);
  if (CarrierSetupFile(data)) {
    const products = data.reduce((n, carrier) => n + carrier.products.length, 0);
    report.pass(
      '4.2.returns',
      `200, ${whole.body.length} bytes, ${data.length} carriers and ${products} products, valid against the setup file's schema`,
    );
  }
  return true;
}

/** The Range request: 206 with exactly the bytes asked for, or 200 with the whole file. */
function judgeRange(slice: Exchange, whole: Uint8Array, asked: { start: number; end: number }, report: Report): void {
  const { start, end } = asked;
  const bytes = `bytes ${start}-${end}`;
  if (slice.status === 200) {
    const at = firstDifference(slice.body, whole);
    if (at < 0)
      report.pass(
        '4.2.range',
        `Range: ${bytes} answered 200 with the whole file (HTTP allows the server to ignore Range)`,
      );
    else
      report.fail(
        '4.2.range',
        `Range: ${bytes} answered 200 with a body that differs from the whole file from byte ${at} on`,
      );
    return;
  }
  if (slice.status !== 206) {
    report.fail(
      '4.2.range',
      `Range: ${bytes} answered ${slice.status}; HTTP allows 206 with the range or 200 with the whole file`,
    );
    return;
  }
  report.observe('4.2.media-type', `a range served as ${mediaType(slice) || 'no media type'}`);
  // The header's form is the judge's (answers.ts); here, whether it names the range asked for.
  const contentRange = slice.headers.get('Content-Range');
  const range = contractJudge().contentRange('downloadCarrierSetupFile', 206, contentRange);
  const expected = `${bytes}/${whole.length}`;
  if (
    range !== undefined &&
    (range.start !== start || range.end !== end || (range.length !== undefined && range.length !== whole.length))
  )
    report.fail('4.2.range', `Range: ${bytes} answered 206 with Content-Range: ${contentRange}, not ${expected}`);
  const at = firstDifference(slice.body, whole.subarray(start, end + 1));
  const differsAt = start + at;
  if (at >= 0)
    report.fail(
      '4.2.range',
      `Range: ${bytes} answered 206 with ${slice.body.length} bytes that are not those bytes of the whole file (from byte ${differsAt} on)`,
    );
  else
    report.pass(
      '4.2.range',
      `Range: ${bytes} answered 206 with exactly those ${end - start + 1} bytes of the whole file`,
    );
}

/**
 * Downloads the file at the url of `completed`, whole and by range. `credentials` says whether the
 * file's origin receives the credentials (the API's origin, or one of SHIPPING_CREDENTIAL_ORIGINS).
 * Returns the whole answer, or undefined where there was none to judge.
 */
export async function checkDownload(
  traffic: Traffic,
  completed: Completed,
  credentials: Credentials,
  report: Report,
): Promise<Exchange | undefined> {
  report.skip(
    '3.after-expiry',
    `not observed: the address is valid until ${completed.expires_at}, and conform does not wait for it`,
  );
  if (Date.parse(completed.expires_at) <= Date.now()) {
    for (const rule of ['8.url-lifetime', '4.2.returns', '4.2.range']) report.skip(rule, RESERVED_FOR(completed.url));
    return undefined;
  }
  const whole = await traffic.send('downloadCarrierSetupFile', completed.url, { credentials });
  if (!judgeWhole(whole, completed, report)) {
    report.skip('4.2.range', 'the whole file was not served to compare a range with');
    return whole;
  }
  if (whole.body.length < 2) {
    report.skip('4.2.range', 'the file is too short for a range');
    return whole;
  }
  const asked = rangeOf(whole.body.length);
  const slice = await traffic.send('downloadCarrierSetupFile', completed.url, {
    credentials,
    headers: { Range: `bytes=${asked.start}-${asked.end}` },
  });
  judgeRange(slice, whole.body, asked, report);
  return whole;
}
