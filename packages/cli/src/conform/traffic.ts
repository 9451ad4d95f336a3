// Every request conform sends and the answer it got, as it came: status, headers and body bytes. The
// typed client (createShippingClient) sends the API's calls through `clientFetch`; the download and
// the requests without credentials go out through `send`. The checks read the exchanges afterwards.
import type { Fetch } from 'shipping-api-v3-client';

export type OperationId =
  | 'requestCarrierSetup'
  | 'downloadCarrierSetupFile'
  | 'createShipment'
  | 'createSalesOrder'
  | 'createImportedShipment'
  | 'createShipmentDraft';

/** given: the API user and key of the environment; wrong: that user with a key that is not its own; none. */
export type Credentials = 'given' | 'wrong' | 'none';

export interface Exchange {
  operation: OperationId;
  method: string;
  /** The address without credentials (none are ever in it). */
  url: string;
  credentials: Credentials;
  /** Whether the request carried the Partner-ID header. */
  partnerId: boolean;
  /** The Range header sent, if any. */
  range?: string;
  status: number;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
  /** When the answer's headers arrived (this machine's clock). */
  receivedAt: number;
  /** The answer to the same request sent again without Partner-ID, after this one failed with it. */
  withoutPartnerId?: Exchange;
}

/**
 * An address as the report shows it: without its query, which in a pre-signed file address is the
 * signature that grants access, as much a secret as the credentials.
 */
export function shownUrl(url: string): string {
  const parsed = URL.parse(url);
  return parsed?.search ? `${parsed.origin}${parsed.pathname}?…` : url;
}

/** The request could not be sent or its answer not read: no answer at all. */
export class NetworkFailure extends Error {
  readonly operation: OperationId;
  constructor(operation: OperationId, url: string, cause: unknown) {
    const reason = cause instanceof Error ? ((cause.cause as Error | undefined)?.message ?? cause.message) : cause;
    super(`${shownUrl(url)} could not be reached (${String(reason)})`, { cause });
    this.operation = operation;
  }
}
Object.defineProperty(NetworkFailure.prototype, 'name', { value: 'NetworkFailure', writable: true });

/** The API's operations by method and the end of their path; the download has no path. */
const OPERATIONS: Record<string, OperationId> = {
  'GET /setups/carriers': 'requestCarrierSetup',
  'POST /shipments': 'createShipment',
  'POST /sales_orders': 'createSalesOrder',
  'POST /imported_shipments': 'createImportedShipment',
  'POST /shipment_drafts': 'createShipmentDraft',
};

export const body = {
  text: (exchange: Exchange) => new TextDecoder().decode(exchange.body),
  /** The body as JSON, or undefined where it is none. */
  json(exchange: Exchange): unknown {
    try {
      return JSON.parse(body.text(exchange));
    } catch {
      return undefined;
    }
  },
};

/** Whether an answer to a request with Partner-ID is a failure that the request without it may not get. */
export type SuspectsPartnerId = (exchange: Exchange) => boolean;

export class Traffic {
  readonly exchanges: Exchange[] = [];
  /** The Authorization and Partner-ID headers the client sends with the given credentials. */
  given: Record<string, string> = {};
  readonly #fetch: Fetch;
  readonly #signal: AbortSignal;
  readonly #suspects: SuspectsPartnerId;

  /** A request with Partner-ID whose answer `suspects` is sent once more without it, and the run goes on with that answer. */
  constructor(fetch: Fetch, signal: AbortSignal, suspects: SuspectsPartnerId = () => false) {
    this.#fetch = fetch;
    this.#signal = signal;
    this.#suspects = suspects;
  }

  /** Aborts every request and wait of the run. */
  get signal(): AbortSignal {
    return this.#signal;
  }

  /** The fetch of a client made with `credentials`; it records each exchange, and the client's own headers. */
  clientFetch(baseUrl: string, credentials: Credentials): Fetch {
    const base = new URL(baseUrl).pathname.replace(/\/+$/, '');
    return async (request) => {
      const path = new URL(request.url).pathname.slice(base.length);
      const operation = OPERATIONS[`${request.method} ${path}`];
      if (!operation) throw new Error(`conform: no operation ${request.method} ${path}`);
      if (credentials === 'given') {
        for (const name of ['Authorization', 'Partner-ID']) {
          const value = request.headers.get(name);
          if (value !== null) this.given[name] = value;
        }
      }
      return this.#record(operation, credentials, request);
    };
  }

  /** A request outside the typed client: the download, a call without credentials, a creation's body as it is. */
  async send(
    operation: OperationId,
    url: string,
    options: { credentials: Credentials; headers?: Record<string, string>; json?: unknown },
  ): Promise<Exchange> {
    const headers = { ...(options.credentials === 'given' ? this.given : {}), ...options.headers };
    const request =
      options.json === undefined
        ? new Request(url, { headers })
        : new Request(url, {
            method: 'POST',
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: JSON.stringify(options.json),
          });
    await this.#record(operation, options.credentials, request);
    return this.exchanges.at(-1)!;
  }

  async #record(operation: OperationId, credentials: Credentials, request: Request): Promise<Response> {
    const again = request.headers.has('Partner-ID') ? request.clone() : undefined;
    let [exchange, response] = await this.#exchange(operation, credentials, request);
    this.exchanges.push(exchange);
    if (again && this.#suspects(exchange)) {
      again.headers.delete('Partner-ID');
      [exchange.withoutPartnerId, response] = await this.#exchange(operation, credentials, again);
      this.exchanges.push(exchange.withoutPartnerId);
    }
    return response;
  }

  /** One request sent and its answer read whole; the answer is handed on as a Response of those bytes. */
  async #exchange(operation: OperationId, credentials: Credentials, request: Request): Promise<[Exchange, Response]> {
    let response: Response;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      response = await this.#fetch(new Request(request, { signal: this.#signal }));
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      if (this.#signal.aborted) throw error;
      throw new NetworkFailure(operation, request.url, error);
    }
    const range = request.headers.get('Range');
    const exchange: Exchange = {
      operation,
      method: request.method,
      url: request.url,
      credentials,
      partnerId: request.headers.has('Partner-ID'),
      ...(range === null ? {} : { range }),
      status: response.status,
      headers: response.headers,
      body: bytes,
      receivedAt: Date.now(),
    };
    // A body-less status has no body to hand on (a Response refuses one).
    const empty = [101, 204, 205, 304].includes(response.status);
    const handed = new Response(empty ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    return [exchange, handed];
  }
}
