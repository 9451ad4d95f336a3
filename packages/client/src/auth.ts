// HTTP Basic authentication: the API user and the API key, encoded (not encrypted), so they may only
// travel over TLS, or over loopback where nothing leaves the machine (urls.ts checks the base URL).
import { ShippingApiError } from './errors.ts';

/** An option of createShippingClient that is not as it must be: `option` names it. */
export function invalidClientOption(option: string, message: string): ShippingApiError {
  return new ShippingApiError(message, { code: 'INVALID_OPTIONS', operation: 'createShippingClient', option });
}

/** The value of the Authorization header. The messages never repeat the credentials. */
export function basicAuthorization(username: unknown, apiKey: unknown): string {
  if (typeof username !== 'string' || username === '')
    throw invalidClientOption('username', 'username must be a non-empty string (the API user).');
  if (typeof apiKey !== 'string' || apiKey === '')
    throw invalidClientOption('apiKey', 'apiKey must be a non-empty string (the API key).');
  // RFC 7617: the user-id cannot contain a colon, since the first colon ends it.
  if (username.includes(':')) throw invalidClientOption('username', 'username must not contain ":" (RFC 7617).');
  const bytes = new TextEncoder().encode(`${username}:${apiKey}`);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `Basic ${btoa(binary)}`;
}
