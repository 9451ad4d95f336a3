// The client: openapi-fetch typed by the generated paths, with the Basic credentials and the
// Partner-ID as default headers, which openapi-fetch sends on every request at no cost.
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../generated/schema.js';
import { basicAuthorization, checkBaseUrl } from './auth.ts';
import { ShippingApiError } from './errors.ts';
import { partnerIdHeader, serializeBody } from './partner-id.ts';

export type Fetch = (request: Request) => Promise<Response>;

export interface ShippingClientOptions {
  /** The root of version 3 of the public API, ending in `/api/public/v3`. HTTPS unless loopback. */
  baseUrl: string;
  /** The API user. */
  username: string;
  /** The API key. */
  apiKey: string;
  /** The technical partner's numeric Partner ID, sent as the Partner-ID header on every request. */
  partnerId?: number;
  /** The fetch to use; the global fetch by default. */
  fetch?: Fetch;
}

export type ShippingClient = Client<paths, 'application/json'>;

/** What the setup workflow needs beyond the openapi-fetch client, kept off the client object. */
export interface ClientContext {
  baseUrl: URL;
  fetch: Fetch;
  /** The default headers: Authorization, and Partner-ID when given. */
  headers: Readonly<Record<string, string>>;
  /** Removes the credentials from text that goes into an error. */
  redact(text: string): string;
}

// A WeakMap rather than properties, so that the credentials show in no inspection of the client.
const contexts = new WeakMap<object, ClientContext>();

export function createShippingClient(options: ShippingClientOptions): ShippingClient {
  if (typeof options !== 'object' || options === null) {
    throw new ShippingApiError('createShippingClient needs an options object with baseUrl, username and apiKey.', {
      code: 'INVALID_OPTIONS',
      operation: 'createShippingClient',
    });
  }
  const baseUrl = checkBaseUrl(options.baseUrl);
  const authorization = basicAuthorization(options.username, options.apiKey);
  const headers: Record<string, string> = { Authorization: authorization };
  if (options.partnerId !== undefined) headers['Partner-ID'] = partnerIdHeader(options.partnerId);
  const fetch = options.fetch ?? globalThis.fetch;
  const client = createClient<paths>({ baseUrl: baseUrl.href, headers, fetch, bodySerializer: serializeBody });
  const secrets = [authorization.slice('Basic '.length), options.apiKey];
  contexts.set(client, {
    baseUrl,
    fetch,
    headers: Object.freeze({ ...headers }),
    redact: (text) => secrets.reduce((out, secret) => out.replaceAll(secret, '[redacted]'), text),
  });
  return client;
}

export function clientContext(client: ShippingClient, operation: string): ClientContext {
  const context = typeof client === 'object' && client !== null ? contexts.get(client) : undefined;
  if (!context) {
    throw new ShippingApiError(`${operation} needs a client made by createShippingClient.`, { code: 'INVALID_OPTIONS', operation });
  }
  return context;
}
