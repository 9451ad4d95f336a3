// The one loopback test of every package: where the client may call over plain HTTP, and where the
// sandbox may listen without an accounts file.
import { isIPv4, isIPv6 } from 'node:net';

/**
 * Whether a host (a name, an IPv4 address, an IPv6 address bare or in brackets, as in a URL) is a
 * loopback address: localhost, 127.0.0.0/8, ::1, or 127.0.0.0/8 mapped into IPv6 (::ffff:127.0.0.1).
 */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') return true;
  if (isIPv4(name)) return name.startsWith('127.');
  if (!isIPv6(name)) return false;
  const canonical = new URL(`http://[${name}]/`).hostname;
  return canonical === '[::1]' || /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(canonical);
}
