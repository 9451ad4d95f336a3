// The download of the carrier setup file, read top to bottom: ask for the file (redirects.ts follows
// redirects, and sends the credentials only where allowed), collect the chunks of the body, and when
// the connection breaks mid-body ask for the rest with a Range request (or start again when the
// server ignores Range), a bounded number of times. Then check the length the server announced, join
// the chunks once and decode them (file-text.ts).
import { contractJudge } from 'shipping-api-v3-contract';
import type { Fetch } from './client.ts';
import type { Clock } from './clock.ts';
import { connectionFailure, readExcerpt, ShippingApiError } from './errors.ts';
import { fileText } from './file-text.ts';
import { type Pacer, THROTTLING_STATUSES } from './pacing.ts';
import { follow, refusedCredentials } from './redirects.ts';

const operation = 'downloadCarrierSetupFile';

/** Answers of a file server that no longer serves the address: it has expired or been withdrawn. */
const EXPIRED_STATUSES: ReadonlySet<number> = new Set([403, 404, 410]);

export interface DownloadProgress {
  receivedBytes: number;
  /** From Content-Length or Content-Range; undefined when the server did not say. */
  totalBytes: number | undefined;
}

export interface DownloadOptions {
  fetch: Fetch;
  /** The Authorization and Partner-ID headers, sent only to an origin of credentialOrigins. */
  credentials: Readonly<Record<string, string>>;
  /** The origins that may receive the credentials, and to which a redirect may lead. */
  credentialOrigins: ReadonlySet<string>;
  signal: AbortSignal;
  clock: Clock;
  pacer: Pacer;
  maxAttempts: number;
  onProgress?: ((progress: DownloadProgress) => void) | undefined;
  redact(text: string): string;
}

export type DownloadOutcome = { expired: false; text: string } | { expired: true; status: number };

/** The bytes received so far, and what a request for the rest needs. */
interface Received {
  chunks: Uint8Array[];
  length: number;
  /** From Content-Length or Content-Range; undefined when the server did not say. */
  total: number | undefined;
  /** The first answer's strong ETag or Last-Modified: If-Range gets the whole file again if it changed. */
  validator: string | undefined;
  /** Whether the rest may be asked for with Range: not when a content coding changed the bytes. */
  resumable: boolean;
}

const nothing = (): Received => ({ chunks: [], length: 0, total: undefined, validator: undefined, resumable: false });

export async function download(url: string, options: DownloadOptions): Promise<DownloadOutcome> {
  const { signal } = options;
  let received = nothing();
  let failures = 0;
  /** A try broke off: give up after maxAttempts, otherwise wait, and start again unless the rest may be asked for. */
  const brokeOff = async (cause: unknown): Promise<void> => {
    failures += 1;
    if (failures >= options.maxAttempts) throw downloadFailed(failures, received, url, cause);
    if (!received.resumable) received = nothing();
    await options.clock.sleep(resumeDelayMs(failures), signal);
  };

  for (;;) {
    await options.pacer.next(signal);
    const answer = await follow(new URL(url), rangeHeaders(received), options).catch((error: unknown) => {
      if (signal.aborted || error instanceof ShippingApiError) throw error;
      return { brokeOff: error };
    });
    if ('brokeOff' in answer) {
      await brokeOff(answer.brokeOff);
      continue;
    }
    const { response } = answer;
    if (response.status === 401) throw await refusedCredentials(answer.url, response, options);
    if (EXPIRED_STATUSES.has(response.status)) {
      await response.body?.cancel();
      return { expired: true, status: response.status };
    }
    if (THROTTLING_STATUSES.has(response.status)) {
      await response.body?.cancel();
      options.pacer.throttled(response.headers.get('Retry-After'));
      continue;
    }
    const next = await continued(response, received, options);
    if (next instanceof Error) {
      received = nothing();
      await brokeOff(next);
      continue;
    }
    received = next;
    const cut = await readBody(response.body, received, options.onProgress);
    if (cut !== undefined) {
      if (signal.aborted) throw cut;
      await brokeOff(cut);
      continue;
    }
    if (received.total !== undefined && received.length !== received.total)
      throw lengthMismatch(received.length, received.total, 'fewer');
    return { expired: false, text: fileText(Buffer.concat(received.chunks, received.length)) };
  }
}

/** The Range of the bytes still missing, with If-Range; no header before the first byte. */
function rangeHeaders({ length, validator }: Received): Headers {
  const headers = new Headers();
  if (length > 0) headers.set('Range', `bytes=${length}-`);
  if (length > 0 && validator) headers.set('If-Range', validator);
  return headers;
}

/**
 * What the body of a success adds to: nothing for the whole file (200, or another 2xx but 206: the
 * first answer, or a server that ignored Range), the bytes received for a 206 that continues them. A 206 or 416 that does not
 * continue them is an Error: the download starts again from the first byte. Any other status throws.
 */
async function continued(response: Response, received: Received, options: DownloadOptions): Promise<Received | Error> {
  // The download's success code is not specified: any success but a range is the whole file.
  if (response.ok && response.status !== 206) {
    const etag = response.headers.get('ETag');
    return {
      ...nothing(),
      total: announcedLength(response),
      validator: etag && !etag.startsWith('W/') ? etag : (response.headers.get('Last-Modified') ?? undefined),
      resumable: !response.headers.has('Content-Encoding'),
    };
  }
  if (response.status === 206 && received.length > 0) {
    const range = contentRange(response);
    const total = range?.total ?? received.total;
    if (range?.start === received.length && (received.total === undefined || total === received.total))
      return { ...received, total };
    await response.body?.cancel();
    const shown = response.headers.get('Content-Range');
    return new Error(`206 with Content-Range "${shown}" does not continue at byte ${received.length}`);
  }
  if (response.status === 416 && received.length > 0) {
    await response.body?.cancel();
    return new Error(`416 for bytes=${received.length}-`);
  }
  throw new ShippingApiError(`The file server answered ${response.status} ${response.statusText}.`.trim(), {
    code: 'HTTP_ERROR',
    operation,
    status: response.status,
    body: options.redact((await readExcerpt(response)) ?? ''),
  });
}

/** Content-Length of the bytes as sent; unknown when a content coding changed them on the way. */
function announcedLength(response: Response): number | undefined {
  const coding = response.headers.get('Content-Encoding');
  if (coding && coding.trim().toLowerCase() !== 'identity') return undefined;
  const value = response.headers.get('Content-Length');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

/** The range a 206 continues with, as the contract's judge reads Content-Range (any case of the unit, a length or *). */
function contentRange(response: Response): { start: number; total: number | undefined } | undefined {
  const value = response.headers.get('Content-Range')?.trim() ?? null;
  const range = contractJudge().contentRange(operation, response.status, value);
  return range && { start: range.start, total: range.length };
}

/** Adds the chunks of the body to received; returns the error that broke the connection, if one did. */
async function readBody(
  body: ReadableStream<Uint8Array> | null,
  received: Received,
  onProgress: DownloadOptions['onProgress'],
): Promise<unknown> {
  if (!body) return undefined;
  const reader = body.getReader();
  try {
    for (;;) {
      const step = await reader.read().catch((error: unknown) => ({ broke: error }));
      if ('broke' in step) return step.broke;
      if (step.done) return undefined;
      received.length += step.value.length;
      if (received.total !== undefined && received.length > received.total)
        throw lengthMismatch(received.length, received.total, 'more');
      received.chunks.push(step.value);
      onProgress?.({ receivedBytes: received.length, totalBytes: received.total });
    }
  } catch (error) {
    // A length mismatch or a throwing onProgress leaves the body unread: let the connection go.
    await reader.cancel().catch(() => undefined);
    throw error;
  }
}

/** The first resume goes at once; later ones wait 1, 2, 4... seconds, up to 30. */
function resumeDelayMs(failures: number): number {
  return failures <= 1 ? 0 : Math.min(1000 * 2 ** (failures - 2), 30_000);
}

function lengthMismatch(received: number, total: number, more: 'more' | 'fewer'): ShippingApiError {
  const counts = `${received} received, ${total} announced by Content-Length or Content-Range`;
  return new ShippingApiError(`The carrier setup file has ${more} bytes than announced: ${counts}.`, {
    code: 'LENGTH_MISMATCH',
    operation,
  });
}

/** The last try's break, in words: a connection error of fetch names its address and cause. */
function downloadFailed(failures: number, received: Received, url: string, cause: unknown): ShippingApiError {
  const total = received.total === undefined ? 'an unknown number of' : String(received.total);
  const reached = `the last try stopped at ${received.length} of ${total} bytes`;
  const why = cause instanceof Error ? connectionFailure(url, cause) : String(cause);
  return new ShippingApiError(
    `The carrier setup file download broke off ${failures} times (maxDownloadAttempts); ${reached}: ${why}.`,
    { code: 'DOWNLOAD_FAILED', operation, cause },
  );
}
