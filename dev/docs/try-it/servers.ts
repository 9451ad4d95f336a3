// Where Try it may send a request: the servers the docs server forwards to under the page's own
// origin (`npm start`, `npm run dev`: GET /_try/servers lists them, the sandbox first), and the one
// hosted sandbox the page was built for (DOCS_SANDBOX_URL). Any other origin is refused before a
// request leaves, with a message that says which origins the page may reach; the page's
// Content-Security-Policy refuses them too.

export interface Server {
  /** What the Server field's list calls it. */
  label: string;
  /** The base URL requests go to. */
  base: string;
  /** For a proxied server: the origin it stands for, and where that origin is reached here. */
  proxy?: { upstream: string; through: string };
}

interface Listing {
  servers: Array<{ name: string; label: string; base: string; upstream: string }>;
}

/** The origins the page may send to: its own (when served over HTTP) and the hosted sandbox's. */
export function allowedOrigins(hostedSandbox: string | null, page: Location = location): string[] {
  const origins: string[] = [];
  if (page.protocol === 'http:' || page.protocol === 'https:') origins.push(page.origin);
  if (hostedSandbox) origins.push(new URL(hostedSandbox).origin);
  return [...new Set(origins)];
}

/** The servers to offer, in order: the proxied ones (when the docs server has any), then the hosted sandbox. */
export async function offeredServers(hostedSandbox: string | null, page: Location = location): Promise<Server[]> {
  const servers: Server[] = [];
  if (page.protocol === 'http:' || page.protocol === 'https:') {
    try {
      const answer = await fetch(new URL('_try/servers', new URL('/', page.href)), { cache: 'no-store' });
      const listing = answer.ok ? ((await answer.json()) as Listing) : { servers: [] };
      for (const server of listing.servers ?? [])
        servers.push({
          label: `${server.label} (through this docs server)`,
          base: new URL(server.base, page.href).href,
          proxy: { upstream: server.upstream, through: new URL(`/_try/${server.name}`, page.href).href },
        });
    } catch {
      // A static host: no proxies.
    }
  }
  if (hostedSandbox) servers.push({ label: 'hosted sandbox', base: hostedSandbox });
  return servers;
}

export type Target = { url: URL } | { refused: string };

/** The address a request goes to, or why it may not: not an address, or an origin the page was not built for. */
export function checkTarget(address: string, allowed: readonly string[], field = 'Server'): Target {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return {
      refused: `${field}: "${address}" is not an address; give one such as https://sandbox.example.com/api/public/v3.`,
    };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { refused: `${field}: ${url.protocol} is not HTTP; give an http: or https: address.` };
  if (url.username || url.password)
    return { refused: `${field}: the address carries credentials; give them in API user and API key instead.` };
  if (!allowed.includes(url.origin)) {
    const reach =
      allowed.length > 0
        ? allowed.join(', ')
        : 'no server at all (it was opened from disk, built without a hosted sandbox)';
    return {
      refused: `Refused: ${url.origin} is not an origin this page was built to reach, so nothing was sent. It reaches ${reach}. A published site names its hosted sandbox when it is built (DOCS_SANDBOX_URL, see docs/try-it.md).`,
    };
  }
  return { url };
}

/** A file address on a proxied server's own origin, written as its address through the proxy. */
export function throughProxy(address: string, servers: readonly Server[]): string {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return address;
  }
  const server = servers.find((candidate) => candidate.proxy?.upstream === url.origin);
  return server?.proxy ? `${server.proxy.through}${url.pathname}${url.search}` : address;
}
