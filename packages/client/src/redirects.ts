// One request of the carrier setup file: redirects followed one by one, so that the credentials go
// only to the origins named in credentialOrigins and no redirect leads anywhere else; and the 401
// of a file server, which says whether the credentials were sent there at all.
import { readExcerpt, ShippingApiError } from './errors.ts';
import type { DownloadOptions } from './download.ts';
import { parseUrl } from './urls.ts';

const operation = 'downloadCarrierSetupFile';
const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);
/**
 * The most redirects followed in a row for one request of the file.
 * @internal exported for its test (tests/client/carrier-setup.test.ts)
 */
export const MAX_REDIRECTS = 5;

/** What to tell a caller whose redirect leads to an origin not named in credentialOrigins. */
const NAME_THE_ORIGIN =
  'which is not named in the credentialOrigins option of createShippingClient; name it there to follow such a redirect (it then receives the credentials).';

/** Sends the request with `headers`, the credentials added where allowed; returns the answer and where it came from. */
export async function follow(
  start: URL,
  headers: Headers,
  options: DownloadOptions,
): Promise<{ response: Response; url: URL }> {
  let url = start;
  for (let hops = 0; ; hops += 1) {
    const sent = new Headers(headers);
    if (options.credentialOrigins.has(url.origin))
      for (const [name, value] of Object.entries(options.credentials)) sent.set(name, value);
    const response = await options.fetch(
      new Request(url, { headers: sent, signal: options.signal, redirect: 'manual' }),
    );
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
    if (!options.credentialOrigins.has(next.origin)) throw problem(`to ${next.origin}, ${NAME_THE_ORIGIN}`, next);
    if (hops + 1 > MAX_REDIRECTS) throw problem(`more than ${MAX_REDIRECTS} times in a row.`);
    url = next;
  }
}

/** The 401 of the file server at `at`, saying whether the credentials were sent to its origin at all. */
export async function refusedCredentials(
  at: URL,
  response: Response,
  options: DownloadOptions,
): Promise<ShippingApiError> {
  const sent = options.credentialOrigins.has(at.origin);
  const refused = `The file server ${at.origin} refused the credentials (401 Unauthorized): check username and apiKey.`;
  const notSent = `The file server ${at.origin} asks for credentials (401 Unauthorized), and none were sent to it: name "${at.origin}" in the credentialOrigins option of createShippingClient to send them there.`;
  return new ShippingApiError(sent ? refused : notSent, {
    code: 'UNAUTHORIZED',
    operation,
    status: 401,
    body: options.redact((await readExcerpt(response)) ?? ''),
    ...(sent ? {} : { option: 'credentialOrigins', origin: at.origin }),
  });
}
