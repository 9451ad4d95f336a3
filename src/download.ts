// The download of the carrier setup file: streamed, with progress, resumed with a Range request when
// the connection breaks mid-body (or started again when the server ignores Range), a bounded number
// of times, and checked against the length the server announced.
import type { Fetch } from './client.ts';
import { readExcerpt, ShippingApiError } from './errors.ts';
import type { Clock } from './scope.ts';
import { type Pacer, THROTTLING_STATUSES } from './throttle.ts';

const operation = 'downloadCarrierSetupFile';

/** Answers of a file server that no longer serves the address: it has expired or been withdrawn. */
export const EXPIRED_STATUSES: ReadonlySet<number> = new Set([403, 404, 410]);

export interface DownloadProgress {
  receivedBytes: number;
  /** From Content-Length or Content-Range; undefined when the server did not say. */
  totalBytes: number | undefined;
}

export interface DownloadOptions {
  fetch: Fetch;
  /** Sent with every request: the credentials for a file on the API's own origin, else none. */
  headers: Readonly<Record<string, string>>;
  signal: AbortSignal;
  clock: Clock;
  pacer: Pacer;
  maxAttempts: number;
  onProgress?: ((progress: DownloadProgress) => void) | undefined;
  redact(text: string): string;
}

export type DownloadOutcome = { expired: false; text: string } | { expired: true; status: number };

/**
 * The file received so far, decoded as it arrives: each chunk becomes text at once and its bytes
 * can go, so that no second copy of the file is held and the text is ready when the last byte is.
 */
class Received {
  length = 0;
  total: number | undefined;
  #decoder = new TextDecoder('utf-8', { fatal: true });
  #text = '';

  restart(total: number | undefined): void {
    this.length = 0;
    this.total = total;
    this.#decoder = new TextDecoder('utf-8', { fatal: true });
    this.#text = '';
  }

  append(chunk: Uint8Array): void {
    if (this.total !== undefined && this.length + chunk.length > this.total) throw lengthMismatch(this.length + chunk.length, this.total, 'more');
    this.#text += this.#decode(chunk);
    this.length += chunk.length;
  }

  text(): string {
    return this.#text + this.#decode(undefined);
  }

  #decode(chunk: Uint8Array | undefined): string {
    try {
      // A character split across two chunks, or across a resume, waits in the decoder.
      return this.#decoder.decode(chunk, { stream: chunk !== undefined });
    } catch (error) {
      throw new ShippingApiError(`The carrier setup file is not UTF-8 text (at byte ${this.length} or soon before).`, { code: 'INVALID_FILE', operation, cause: error });
    }
  }
}

function lengthMismatch(received: number, total: number, more: 'more' | 'fewer'): ShippingApiError {
  return new ShippingApiError(`The carrier setup file has ${more} bytes than announced: ${received} received, ${total} announced by Content-Length or Content-Range.`, {
    code: 'LENGTH_MISMATCH',
    operation,
  });
}

/** Content-Length of the bytes as sent; unknown when a content coding changed them on the way. */
function announcedLength(response: Response): number | undefined {
  const coding = response.headers.get('Content-Encoding');
  if (coding && coding.trim().toLowerCase() !== 'identity') return undefined;
  const value = response.headers.get('Content-Length');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
}

function contentRange(response: Response): { start: number; total: number | undefined } | undefined {
  const match = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(response.headers.get('Content-Range')?.trim() ?? '');
  if (!match) return undefined;
  return { start: Number(match[1]), total: match[3] === '*' ? undefined : Number(match[3]) };
}

/** The first resume goes at once; later ones wait 1, 2, 4... seconds, up to 30. */
function resumeDelayMs(failures: number): number {
  return failures <= 1 ? 0 : Math.min(1000 * 2 ** (failures - 2), 30_000);
}

export async function download(url: string, options: DownloadOptions): Promise<DownloadOutcome> {
  const { signal } = options;
  const received = new Received();
  // If-Range makes the server send the whole file again if it changed since the first answer.
  let validator: string | undefined;
  let resumable = false;
  let failures = 0;
  let lastFailure: unknown;

  const brokeOff = async (cause: unknown): Promise<void> => {
    failures += 1;
    lastFailure = cause;
    if (failures >= options.maxAttempts) {
      const total = received.total === undefined ? 'an unknown number of' : String(received.total);
      throw new ShippingApiError(
        `The carrier setup file download broke off ${failures} times (maxDownloadAttempts); the last try stopped at ${received.length} of ${total} bytes.`,
        { code: 'DOWNLOAD_FAILED', operation, cause: lastFailure },
      );
    }
    if (!resumable) received.restart(undefined);
    await options.clock.sleep(resumeDelayMs(failures), signal);
  };

  for (;;) {
    await options.pacer.next(signal);
    const headers = new Headers(options.headers);
    if (received.length > 0) {
      headers.set('Range', `bytes=${received.length}-`);
      if (validator) headers.set('If-Range', validator);
    }
    let response: Response;
    try {
      response = await options.fetch(new Request(url, { headers, signal }));
    } catch (error) {
      if (signal.aborted) throw error;
      await brokeOff(error);
      continue;
    }

    if (response.status === 401) {
      throw new ShippingApiError('The file server refused the credentials (401 Unauthorized).', {
        code: 'UNAUTHORIZED',
        operation,
        status: 401,
        body: options.redact((await readExcerpt(response)) ?? ''),
      });
    }
    if (EXPIRED_STATUSES.has(response.status)) {
      await response.body?.cancel();
      return { expired: true, status: response.status };
    }
    if (THROTTLING_STATUSES.has(response.status)) {
      await response.body?.cancel();
      options.pacer.throttled(response.headers.get('Retry-After'));
      continue;
    }
    if (response.status === 206 && received.length > 0) {
      const range = contentRange(response);
      const total = range?.total ?? received.total;
      if (!range || range.start !== received.length || (received.total !== undefined && total !== received.total)) {
        // Not the bytes that follow ours: start again from the first byte.
        const problem = new Error(`206 with Content-Range "${response.headers.get('Content-Range')}" does not continue at byte ${received.length}`);
        await response.body?.cancel();
        received.restart(undefined);
        await brokeOff(problem);
        continue;
      }
      received.total = total;
    } else if (response.status === 200) {
      // The whole file: the first answer, or a server that ignored Range.
      received.restart(announcedLength(response));
      resumable = !response.headers.has('Content-Encoding');
      const etag = response.headers.get('ETag');
      validator = etag && !etag.startsWith('W/') ? etag : (response.headers.get('Last-Modified') ?? undefined);
    } else if (response.status === 416 && received.length > 0) {
      const problem = new Error(`416 for bytes=${received.length}-`);
      await response.body?.cancel();
      received.restart(undefined);
      await brokeOff(problem);
      continue;
    } else {
      throw new ShippingApiError(`The file server answered ${response.status} ${response.statusText}.`.trim(), {
        code: 'HTTP_ERROR',
        operation,
        status: response.status,
        body: options.redact((await readExcerpt(response)) ?? ''),
      });
    }

    const cut = await stream(response, received, options.onProgress);
    if (cut !== undefined) {
      if (signal.aborted) throw cut;
      await brokeOff(cut);
      continue;
    }
    if (received.total !== undefined && received.length !== received.total) throw lengthMismatch(received.length, received.total, 'fewer');
    return { expired: false, text: received.text() };
  }
}

/** Reads the body into received; returns the error that broke the connection, if one did. */
async function stream(response: Response, received: Received, onProgress: DownloadOptions['onProgress']): Promise<unknown> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  let done = false;
  try {
    for (;;) {
      let step: ReadableStreamReadResult<Uint8Array>;
      try {
        step = await reader.read();
      } catch (error) {
        done = true;
        return error;
      }
      if (step.done) {
        done = true;
        return undefined;
      }
      received.append(step.value);
      onProgress?.({ receivedBytes: received.length, totalBytes: received.total });
    }
  } finally {
    // A length mismatch or a throwing onProgress leaves the body unread: let the connection go.
    if (!done) await reader.cancel().catch(() => undefined);
  }
}
