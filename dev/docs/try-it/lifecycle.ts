// The carrier setup lifecycle (specification 4.1, 4.2): GET /setups/carriers repeated until the
// status is COMPLETED, each status reported on the way, at the interval asked for (15 s by the
// specification; a sandbox's own pace when the page talks to one) and never sooner than a
// Retry-After says; then the file downloaded before expires_at, whole or in byte ranges, and checked
// against the setup file's schema.
import { type Problem, validate } from './validators.ts';

export interface Exchange {
  status: number;
  headers: Headers;
  bytes: Uint8Array;
}

export interface PollStep {
  status: number;
  /** The status field of a carrier setup status, when the answer had one. */
  state?: string;
  /** How long the panel waits before the next call, or undefined after the last. */
  waitMs?: number;
}

export interface Completed {
  url: string;
  expiresAt: string;
}

/** The wait a Retry-After header asks for (seconds, or an HTTP date), in milliseconds. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

/** Calls `send` until the status is COMPLETED; a throttled answer (429, 503) waits and tries again, any other stops. */
export async function pollUntilCompleted(
  send: () => Promise<Exchange>,
  {
    intervalMs,
    signal,
    onStep,
    lastAnsweredAt,
  }: {
    intervalMs: number;
    signal: AbortSignal;
    onStep: (step: PollStep) => void;
    /** When the page last had an answer of GET /setups/carriers (Send): the first poll keeps the interval from it. */
    lastAnsweredAt?: number;
  },
): Promise<Completed> {
  const sinceLast = lastAnsweredAt === undefined ? intervalMs : Date.now() - lastAnsweredAt;
  if (sinceLast < intervalMs) await pause(intervalMs - sinceLast, signal);
  for (let throttled = 0; ; ) {
    const answer = await send();
    const asked = retryAfterMs(answer.headers.get('retry-after'));
    if (answer.status === 429 || answer.status === 503) {
      throttled++;
      const waitMs = Math.max(intervalMs, asked ?? intervalMs * 2 ** throttled);
      onStep({ status: answer.status, waitMs });
      await pause(waitMs, signal);
      continue;
    }
    throttled = 0;
    let body: { status?: unknown; url?: unknown; expires_at?: unknown } | undefined;
    try {
      body = JSON.parse(text(answer.bytes));
    } catch {}
    const state = typeof body?.status === 'string' ? body.status : undefined;
    if (answer.status < 200 || answer.status > 299 || state === undefined) {
      onStep({ status: answer.status, ...(state ? { state } : {}) });
      throw new Error(
        `GET /setups/carriers answered ${answer.status}${state ? ` ${state}` : ' with no carrier setup status'}; polling stopped.`,
      );
    }
    if (state === 'COMPLETED') {
      onStep({ status: answer.status, state });
      if (typeof body?.url !== 'string' || typeof body.expires_at !== 'string')
        throw new Error(
          'The status is COMPLETED without url and expires_at (rules 2.1.url, 2.1.expires_at); nothing to download.',
        );
      return { url: body.url, expiresAt: body.expires_at };
    }
    const waitMs = Math.max(intervalMs, asked ?? 0);
    onStep({ status: answer.status, state, waitMs });
    await pause(waitMs, signal);
  }
}

/** A Content-Range read by the contract's judge (Judge.contentRange): its last byte and the whole length, where given. */
export type RangeReader = (
  status: number,
  value: string | null,
) => { end: number; length: number | undefined } | undefined;

/** Whether an answer of the download is the whole file: any success but a range (the status is not specified; HTTP gives 200). */
const isWhole = (status: number) => status >= 200 && status <= 299 && status !== 206;

/**
 * The file, whole (one request) or in ranges of `chunk` bytes joined, each range placed by the
 * Content-Range the contract's judge reads; the statuses of each request.
 */
export async function downloadFile(
  send: (range?: string) => Promise<Exchange>,
  chunk: number | undefined,
  readRange: RangeReader,
): Promise<{ bytes: Uint8Array; statuses: number[] }> {
  if (!chunk) {
    const answer = await send();
    if (!isWhole(answer.status)) throw new Error(`The download answered ${answer.status}.`);
    return { bytes: answer.bytes, statuses: [answer.status] };
  }
  const parts: Uint8Array[] = [];
  const statuses: number[] = [];
  for (let start = 0, lengthKnown = true; ; ) {
    const answer = await send(`bytes=${start}-${start + chunk - 1}`);
    statuses.push(answer.status);
    // A server may ignore Range and send the whole file.
    if (isWhole(answer.status)) return { bytes: answer.bytes, statuses };
    // Past the end of a file whose length the ranges did not give: it ended with the last range.
    if (answer.status === 416 && !lengthKnown) break;
    const range = answer.status === 206 ? readRange(answer.status, answer.headers.get('content-range')) : undefined;
    if (!range)
      throw new Error(
        `The download of bytes ${start}- answered ${answer.status}${answer.status === 206 ? " without a Content-Range of the contract's form" : ''}.`,
      );
    parts.push(answer.bytes);
    start = range.end + 1;
    lengthKnown = range.length !== undefined;
    // A length given as * (RFC 9110 §14.4): the range that comes back shorter than asked is the last.
    if (range.length === undefined ? answer.bytes.length < chunk : start >= range.length) break;
  }
  const bytes = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.length;
  }
  return { bytes, statuses };
}

/** The file's size, its number of carriers, and its problems against the setup file's schema (CarrierSetupFile). */
export function checkFile(bytes: Uint8Array): { size: number; carriers?: number; problems: Problem[] } {
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    return {
      size: bytes.length,
      problems: [{ pointer: '', message: `is not JSON in UTF-8: ${(error as Error).message}` }],
    };
  }
  const carriers = Array.isArray(data) ? data.length : undefined;
  return {
    size: bytes.length,
    ...(carriers === undefined ? {} : { carriers }),
    problems: validate('CarrierSetupFile', data),
  };
}
