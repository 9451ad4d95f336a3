// The download of the carrier setup file: streamed, with progress, resumed with a Range request when
// the connection breaks mid-body (or started again when the server ignores Range), a bounded number
// of times, and checked against the length the server announced.
import { parseUrl } from './urls.ts';
import type { Fetch } from './client.ts';
import { readExcerpt, ShippingApiError } from './errors.ts';
import type { Clock } from './clock.ts';
import { type Pacer, THROTTLING_STATUSES } from './pacing.ts';

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

/**
 * Frees the memory of bytes that nothing else can read at once, instead of when the collector
 * finds them: their ArrayBuffer is detached. Only for bytes whose ArrayBuffer they span whole.
 */
function release(bytes: Uint8Array): void {
  const buffer = bytes.buffer;
  if (buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength) {
    (buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
  }
}

/** An announced length up to this is allocated at once; a larger one may be a server's mistake. */
const PREALLOCATE_LIMIT = 256 * 1024 * 1024;

/**
 * The file received so far. Its bytes go into one buffer allocated from the announced length when
 * the first chunk arrives, and each chunk that is the reader's own is freed once copied; without an
 * announced length, the chunks are kept and joined at the end. The bytes of an ASCII text are freed
 * as soon as it is decoded. What each of these saves is measured in docs/client.md.
 */
class Received {
  length = 0;
  total: number | undefined;
  #chunks: Uint8Array[] = [];
  #buffer: Buffer | undefined;

  restart(total: number | undefined): void {
    this.length = 0;
    this.total = total;
    this.#chunks = [];
    this.#buffer = undefined;
  }

  /** `own`: the chunk is the reader's alone (a byte stream's), so its memory may be freed once copied. */
  append(chunk: Uint8Array, own: boolean): void {
    const end = this.length + chunk.length;
    if (this.total !== undefined && end > this.total) throw lengthMismatch(end, this.total, 'more');
    if (this.length === 0 && this.total !== undefined && this.total <= PREALLOCATE_LIMIT)
      this.#buffer = Buffer.allocUnsafe(this.total);
    if (this.#buffer) {
      this.#buffer.set(chunk, this.length);
      if (own) release(chunk);
    } else this.#chunks.push(chunk);
    this.length = end;
  }

  /** The file as text; the bytes are let go. Throws INVALID_FILE at the first byte that is not UTF-8. */
  text(): string {
    const bytes = this.#buffer?.subarray(0, this.length) ?? Buffer.concat(this.#chunks, this.length);
    this.#chunks = [];
    this.#buffer = undefined;
    const text = fileText(bytes);
    // As many characters as bytes: ASCII, whose string needs the bytes no longer.
    if (text.length === bytes.length) release(bytes);
    return text;
  }
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/**
 * UTF-8 bytes as text, without a byte order mark (no part of the JSON text, RFC 8259 8.1), as
 * Response#text() makes it. Throws INVALID_FILE at the first byte that is not UTF-8.
 * @internal exported for its test (tests/client/utf8.test.ts)
 */
export function fileText(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw new ShippingApiError(
      `The carrier setup file is not UTF-8 text: the bytes from byte ${at} on (${hex(bytes.subarray(at, at + 4))}) are no UTF-8 character.`,
      {
        code: 'INVALID_FILE',
        operation,
      },
    );
  }
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join(' ');

/**
 * The offset of the first byte that does not start or continue a well-formed UTF-8 character, or
 * the length when there is none. A lenient decoder puts U+FFFD where such bytes start (Encoding
 * Standard, UTF-8 decoder); a U+FFFD that the bytes spell out (ef bf bd) is text, not an error.
 * @internal exported for its test (tests/client/utf8.test.ts)
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  let at = 0;
  let from = 0;
  for (let i = text.indexOf('\ufffd'); i !== -1; i = text.indexOf('\ufffd', i + 1)) {
    at += Buffer.byteLength(text.slice(from, i));
    if (bytes[at] !== 0xef || bytes[at + 1] !== 0xbf || bytes[at + 2] !== 0xbd) return at;
    at += 3;
    from = i + 1;
  }
  return bytes.length;
}

function lengthMismatch(received: number, total: number, more: 'more' | 'fewer'): ShippingApiError {
  return new ShippingApiError(
    `The carrier setup file has ${more} bytes than announced: ${received} received, ${total} announced by Content-Length or Content-Range.`,
    {
      code: 'LENGTH_MISMATCH',
      operation,
    },
  );
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

/** What the download keeps between its requests of the file. */
interface Resume {
  received: Received;
  /** If-Range makes the server send the whole file again if it changed since the first answer. */
  validator: string | undefined;
  resumable: boolean;
}

/** What to do with an answer: read its body, ask again, start again after a break, or stop. */
type Next = { read: true } | { again: true } | { brokeOff: Error } | { expired: number };

/** The 401 of the file server, saying whether the credentials were sent to its origin at all. */
async function refusedCredentials(at: URL, response: Response, options: DownloadOptions): Promise<ShippingApiError> {
  const sent = options.credentialOrigins.has(at.origin);
  return new ShippingApiError(
    sent
      ? `The file server ${at.origin} refused the credentials (401 Unauthorized): check username and apiKey.`
      : `The file server ${at.origin} asks for credentials (401 Unauthorized), and none were sent to it: name "${at.origin}" in the credentialOrigins option of createShippingClient to send them there.`,
    {
      code: 'UNAUTHORIZED',
      operation,
      status: 401,
      body: options.redact((await readExcerpt(response)) ?? ''),
      ...(sent ? {} : { option: 'credentialOrigins', origin: at.origin }),
    },
  );
}

/** Reads the status of an answer of the file server (not 401), and updates what a resume needs. */
async function nextStep(response: Response, resume: Resume, options: DownloadOptions): Promise<Next> {
  const { received } = resume;
  if (EXPIRED_STATUSES.has(response.status)) {
    await response.body?.cancel();
    return { expired: response.status };
  }
  if (THROTTLING_STATUSES.has(response.status)) {
    await response.body?.cancel();
    options.pacer.throttled(response.headers.get('Retry-After'));
    return { again: true };
  }
  if (response.status === 206 && received.length > 0) {
    const range = contentRange(response);
    const total = range?.total ?? received.total;
    if (!range || range.start !== received.length || (received.total !== undefined && total !== received.total)) {
      // Not the bytes that follow ours: start again from the first byte.
      const problem = new Error(
        `206 with Content-Range "${response.headers.get('Content-Range')}" does not continue at byte ${received.length}`,
      );
      await response.body?.cancel();
      received.restart(undefined);
      return { brokeOff: problem };
    }
    received.total = total;
    return { read: true };
  }
  if (response.status === 200) {
    // The whole file: the first answer, or a server that ignored Range.
    received.restart(announcedLength(response));
    resume.resumable = !response.headers.has('Content-Encoding');
    const etag = response.headers.get('ETag');
    resume.validator = etag && !etag.startsWith('W/') ? etag : (response.headers.get('Last-Modified') ?? undefined);
    return { read: true };
  }
  if (response.status === 416 && received.length > 0) {
    await response.body?.cancel();
    const problem = new Error(`416 for bytes=${received.length}-`);
    received.restart(undefined);
    return { brokeOff: problem };
  }
  throw new ShippingApiError(`The file server answered ${response.status} ${response.statusText}.`.trim(), {
    code: 'HTTP_ERROR',
    operation,
    status: response.status,
    body: options.redact((await readExcerpt(response)) ?? ''),
  });
}

/** The headers of the next request: a Range from the bytes received, with If-Range. */
function resumeHeaders({ received, validator }: Resume): Headers {
  const headers = new Headers();
  if (received.length > 0) {
    headers.set('Range', `bytes=${received.length}-`);
    if (validator) headers.set('If-Range', validator);
  }
  return headers;
}

export async function download(url: string, options: DownloadOptions): Promise<DownloadOutcome> {
  const { signal } = options;
  const resume: Resume = { received: new Received(), validator: undefined, resumable: false };
  const { received } = resume;
  let failures = 0;

  const brokeOff = async (cause: unknown): Promise<void> => {
    failures += 1;
    if (failures >= options.maxAttempts) {
      const total = received.total === undefined ? 'an unknown number of' : String(received.total);
      throw new ShippingApiError(
        `The carrier setup file download broke off ${failures} times (maxDownloadAttempts); the last try stopped at ${received.length} of ${total} bytes.`,
        { code: 'DOWNLOAD_FAILED', operation, cause },
      );
    }
    if (!resume.resumable) received.restart(undefined);
    await options.clock.sleep(resumeDelayMs(failures), signal);
  };

  for (;;) {
    await options.pacer.next(signal);
    let answer: { response: Response; url: URL };
    try {
      answer = await follow(new URL(url), resumeHeaders(resume), options);
    } catch (error) {
      if (signal.aborted || error instanceof ShippingApiError) throw error;
      await brokeOff(error);
      continue;
    }
    if (answer.response.status === 401) throw await refusedCredentials(answer.url, answer.response, options);
    const next = await nextStep(answer.response, resume, options);
    if ('expired' in next) return { expired: true, status: next.expired };
    if ('again' in next) continue;
    if ('brokeOff' in next) {
      await brokeOff(next.brokeOff);
      continue;
    }
    const cut = await stream(answer.response, received, options.onProgress);
    if (cut !== undefined) {
      if (signal.aborted) throw cut;
      await brokeOff(cut);
      continue;
    }
    if (received.total !== undefined && received.length !== received.total)
      throw lengthMismatch(received.length, received.total, 'fewer');
    return { expired: false, text: received.text() };
  }
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/**
 * The most redirects followed in a row for one request of the file.
 * @internal exported for its test (tests/client/carrier-setup.test.ts)
 */
export const MAX_REDIRECTS = 5;

/**
 * Sends the request, following redirects one by one so that the credentials go only to the
 * origins named in credentialOrigins, and no redirect leads anywhere else.
 */
async function follow(start: URL, extra: Headers, options: DownloadOptions): Promise<{ response: Response; url: URL }> {
  let url = start;
  for (let hops = 0; ; hops += 1) {
    const headers = new Headers(extra);
    if (options.credentialOrigins.has(url.origin))
      for (const [name, value] of Object.entries(options.credentials)) headers.set(name, value);
    const response = await options.fetch(new Request(url, { headers, signal: options.signal, redirect: 'manual' }));
    const location = response.headers.get('Location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null) return { response, url };
    await response.body?.cancel();
    const next = parseUrl(location, url.href);
    const problem = (text: string, lacking?: URL) =>
      new ShippingApiError(`The file server ${url.origin} redirected the download (${response.status}) ${text}`, {
        code: 'HTTP_ERROR',
        operation,
        status: response.status,
        ...(lacking ? { option: 'credentialOrigins', origin: lacking.origin } : {}),
      });
    if (next === null || (next.protocol !== 'https:' && next.protocol !== 'http:'))
      throw problem(`to "${location}", which is not an HTTP address.`);
    if (!options.credentialOrigins.has(next.origin)) {
      throw problem(
        `to ${next.origin}, which is not named in the credentialOrigins option of createShippingClient; name it there to follow such a redirect (it then receives the credentials).`,
        next,
      );
    }
    if (hops + 1 > MAX_REDIRECTS) throw problem(`more than ${MAX_REDIRECTS} times in a row.`);
    url = next;
  }
}

/**
 * Whether the stream is a byte stream, whose chunks are the reader's alone: it takes each chunk's
 * ArrayBuffer from its source as the chunk is enqueued (Streams Standard, ReadableByteStreamControllerEnqueue).
 * Only a byte stream gives a reader of mode "byob"; the probe reads nothing.
 */
function isByteStream(body: ReadableStream<Uint8Array>): boolean {
  try {
    body.getReader({ mode: 'byob' }).releaseLock();
    return true;
  } catch {
    return false;
  }
}

/** Reads the body into received; returns the error that broke the connection, if one did. */
async function stream(
  response: Response,
  received: Received,
  onProgress: DownloadOptions['onProgress'],
): Promise<unknown> {
  if (!response.body) return undefined;
  const own = isByteStream(response.body);
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
      received.append(step.value, own);
      onProgress?.({ receivedBytes: received.length, totalBytes: received.total });
    }
  } finally {
    // A length mismatch or a throwing onProgress leaves the body unread: let the connection go.
    if (!done) await reader.cancel().catch(() => undefined);
  }
}
