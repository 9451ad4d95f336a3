// The addresses the client calls: the base URL checked (HTTPS, or plain HTTP to loopback only), and
// the parsing of a URL that may be none.
import { invalidClientOption as invalid } from './auth.ts';
import { isLoopback } from 'shipping-api-v3-contract/internal';

/** The URL, or null where the text is none (URL.parse, which Node 22.0 lacks). */
export function parseUrl(text: string, base?: string): URL | null {
  try {
    return new URL(text, base);
  } catch {
    return null;
  }
}

/** The base URL, checked: HTTPS, or plain HTTP to a loopback host only. */
export function checkBaseUrl(baseUrl: unknown): URL {
  if (typeof baseUrl !== 'string')
    throw invalid('baseUrl', 'baseUrl must be a string, such as "https://shipping.example/api/public/v3".');
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw invalid('baseUrl', 'baseUrl is not an absolute URL, such as "https://shipping.example/api/public/v3".');
  }
  // Credentials belong in username and apiKey; a URL with them would also end up in logs.
  if (url.username || url.password)
    throw invalid('baseUrl', 'baseUrl must not carry credentials; pass username and apiKey instead.');
  if (url.search || url.hash) throw invalid('baseUrl', `baseUrl must not have a query or a fragment (${url.origin}).`);
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return url;
  throw invalid(
    'baseUrl',
    `baseUrl must use HTTPS (got ${url.protocol}//${url.host}): Basic credentials are only encoded, so plain HTTP is allowed for loopback hosts only.`,
  );
}
