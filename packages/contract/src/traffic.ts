// Recorded traffic (HAR 1.2) as the contract reads it: the entries of a HAR document, the answer of
// an entry as the judge reads answers, and the operation of each entry: by method and path under a
// base URL, or the address an earlier answer handed out (the file's url of a COMPLETED status), as
// the contract's links say. The HAR check of the repository and `shipping-api coverage` read
// traffic through it, so that both place an exchange alike. It reads no file.
import { ShippingError } from './errors.ts';
import type { Answer, Judge } from './judge.ts';

/** What of a HAR 1.2 entry is read here; a recording holds more. */
export interface HarEntry {
  request: { method: string; url: string; postData?: { text?: string } };
  response: {
    status: number;
    headers?: Array<{ name: string; value: string }>;
    content?: { text?: string; encoding?: string };
  };
}

/** A document that is not HAR 1.2 as read here: `pointer` names the first value at fault. */
export class HarError extends ShippingError {
  constructor(message: string, pointer: string) {
    super(message, { code: 'NOT_A_HAR', pointer });
  }
}
Object.defineProperty(HarError.prototype, 'name', { value: 'HarError', writable: true });

const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first value of an entry that a HAR 1.2 entry must have and this one lacks, as [pointer, what]. */
function entryProblem(entry: unknown, at: string): [string, string] | undefined {
  if (!isObject(entry)) return [at, 'is not an object'];
  if (!isObject(entry.request)) return [`${at}/request`, 'is missing'];
  if (typeof entry.request.method !== 'string') return [`${at}/request/method`, 'is not a string'];
  if (typeof entry.request.url !== 'string') return [`${at}/request/url`, 'is not a string'];
  if (!isObject(entry.response)) return [`${at}/response`, 'is missing'];
  if (typeof entry.response.status !== 'number') return [`${at}/response/status`, 'is not a number'];
  return undefined;
}

/** The entries of a parsed HAR document, each with its request's method and url and its answer's status. */
export function harEntries(document: unknown): HarEntry[] {
  const entries = isObject(document) && isObject(document.log) ? document.log.entries : undefined;
  if (!Array.isArray(entries)) throw new HarError('not a HAR file: /log/entries is missing', '/log/entries');
  for (const [index, entry] of entries.entries()) {
    const problem = entryProblem(entry, `/log/entries/${index}`);
    if (problem) throw new HarError(`not a HAR file: ${problem[0]} ${problem[1]}`, problem[0]);
  }
  return entries as HarEntry[];
}

/** The answer of an entry as the judge reads it: status, headers, and the body's bytes. */
export function answerOf({ response }: HarEntry): Answer {
  const text = response.content?.text ?? '';
  return {
    status: response.status,
    headers: (response.headers ?? []).map(({ name, value }) => [name, value] as [string, string]),
    body: response.content?.encoding === 'base64' ? Uint8Array.from(atob(text), (char) => char.charCodeAt(0)) : text,
  };
}

/**
 * The operation of each entry, or undefined outside the API: by method and path under `baseUrl`
 * (under any base URL whose path ends in /api/public/v3 without it), or the address an earlier
 * answer handed out to another operation.
 */
export function operationsOf(judge: Judge, entries: readonly HarEntry[], baseUrl?: string): Array<string | undefined> {
  const handedOut = new Map<string, string>();
  return entries.map((entry) => {
    const { method, url } = entry.request;
    const linked = handedOut.get(url);
    const operationId =
      judge.match(method, url, baseUrl)?.operationId ??
      (linked && judge.operation(linked).method === method.toUpperCase() ? linked : undefined);
    if (operationId)
      for (const link of judge.linked(operationId, answerOf(entry))) handedOut.set(link.url, link.operationId);
    return operationId;
  });
}
