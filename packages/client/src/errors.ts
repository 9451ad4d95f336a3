// The one error class of the package: every failure, whatever its cause, is a ShippingApiError, a
// ShippingError of the contract package with a code to branch on, the operation that failed, the
// option at fault, and the HTTP status.
import { ShippingError } from 'shipping-api-v3-contract/errors';

export type ShippingApiErrorCode =
  /** An option or argument is missing or wrong; `option` names it. */
  | 'INVALID_OPTIONS'
  /** The API or the file server answered 401: the credentials were refused. */
  | 'UNAUTHORIZED'
  /** An HTTP status that the workflow cannot continue from. */
  | 'HTTP_ERROR'
  /** The request could not be sent or its answer not received. */
  | 'NETWORK_ERROR'
  /** The carrier setup status breaks the contract. */
  | 'INVALID_STATUS'
  /** The file address kept expiring before the file could be downloaded. */
  | 'EXPIRED'
  /** The download kept breaking off, and the bounded number of tries ran out. */
  | 'DOWNLOAD_FAILED'
  /** The bytes received differ from the length the server announced. */
  | 'LENGTH_MISMATCH'
  /** The carrier setup file is not JSON, not UTF-8, or breaks the contract. */
  | 'INVALID_FILE'
  /** The caller's signal aborted the work. */
  | 'ABORTED'
  /** timeoutMs ran out. */
  | 'TIMEOUT';

export interface ShippingApiErrorDetails {
  code: ShippingApiErrorCode;
  /** The operationId (or the function) that failed, such as `requestCarrierSetup`. */
  operation: string;
  /**
   * The option or argument at fault, such as `baseUrl`: on every INVALID_OPTIONS error, and
   * `credentialOrigins` where the file server's origin is not named there.
   */
  option?: string;
  /** The origin that credentialOrigins does not name, where `option` is `credentialOrigins` outside INVALID_OPTIONS. */
  origin?: string;
  status?: number;
  /** The response body, cut to BODY_LIMIT characters. */
  body?: string;
  /** The JSON pointer of the first problem, for INVALID_STATUS and INVALID_FILE. */
  pointer?: string;
  cause?: unknown;
}

/** Long enough to read an error document, short enough for a log line. */
export const BODY_LIMIT = 1000;

export class ShippingApiError extends ShippingError {
  declare readonly code: ShippingApiErrorCode;
  declare readonly operation: string;
  readonly status: number | undefined;
  readonly body: string | undefined;
  readonly origin: string | undefined;

  constructor(message: string, details: ShippingApiErrorDetails) {
    const { status, body, origin, ...fields } = details;
    super(message, fields);
    this.status = status;
    this.origin = origin;
    this.body = body === undefined ? undefined : cut(body);
  }
}

function cut(text: string): string {
  return text.length <= BODY_LIMIT
    ? text
    : `${text.slice(0, BODY_LIMIT)}… (${text.length - BODY_LIMIT} more characters)`;
}

// On the prototype rather than as a field, so that the stack trace's first line carries it too.
Object.defineProperty(ShippingApiError.prototype, 'name', { value: 'ShippingApiError', enumerable: false });

/** The start of a response body, for an error: read up to a few times BODY_LIMIT bytes, no more. */
export async function readExcerpt(response: Response): Promise<string | undefined> {
  if (!response.body) return undefined;
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < BODY_LIMIT * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } catch {
    // A body that breaks off still has a readable start.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text + decoder.decode();
}

/** Connection errors of Node's fetch (undici), by the code of their cause, in words that name the address. */
const CONNECTION_FAILURES: Record<string, (address: string) => string> = {
  ECONNREFUSED: (address) => `the connection to ${address} was refused: nothing listens there`,
  ENOTFOUND: (address) => `the host of ${address} was not found`,
  EAI_AGAIN: (address) => `the host of ${address} could not be looked up`,
  ECONNRESET: (address) => `the connection to ${address} was reset`,
  ETIMEDOUT: (address) => `the connection to ${address} timed out`,
  UND_ERR_CONNECT_TIMEOUT: (address) => `the connection to ${address} timed out`,
  UND_ERR_SOCKET: (address) => `the connection to ${address} closed unexpectedly`,
};

/** What fetch says, with no code, of a port that the Fetch Standard blocks (port blocking: "bad port"). */
const BAD_PORT = 'bad port';

/**
 * Why a request to `url` failed to reach the server, in words: a refused connection names its
 * host:port, an unknown host its name, a port that fetch refuses its number. Any other cause is
 * given as fetch gave it ("fetch failed: …"), so that no failure reads only "fetch failed".
 */
export function connectionFailure(url: string | URL, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error ? error.cause : undefined;
  if (!(cause instanceof Error)) return message;
  const { host, port } = new URL(url);
  const code = (cause as Error & { code?: unknown }).code;
  const words = typeof code === 'string' ? CONNECTION_FAILURES[code] : undefined;
  if (words) return words(host);
  if (cause.message === BAD_PORT)
    return `fetch refuses port ${port} (${host}), which the Fetch Standard blocks as a port of another protocol`;
  return `${message}: ${cause.message}`;
}
