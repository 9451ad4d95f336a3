// The client: openapi-fetch typed by the generated paths, with the Basic credentials and the
// Partner-ID as default headers, which openapi-fetch sends on every request at no cost.
import createClient, { type Client, type FetchOptions, type ParseAsResponse } from 'openapi-fetch';
import type {
  ErrorResponse,
  FilterKeys,
  HttpMethod,
  IsOperationRequestBodyOptional,
  OperationRequestBodyContent,
  PathsWithMethod,
  RequiredKeysOf,
  ResponseObjectMap,
  SuccessResponse,
} from 'openapi-typescript-helpers';
import type { paths } from 'shipping-api-v3-contract';
import { basicAuthorization, invalidClientOption } from './auth.ts';
import { isLoopback } from 'shipping-api-v3-contract/internal';
import { checkBaseUrl, parseUrl } from './urls.ts';
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
  /**
   * The origins, besides the API's own, that may receive the credentials and the Partner-ID when
   * the carrier setup file lies there, such as `["https://files.shipping.example"]`. A download
   * follows a redirect only to the API's origin or to one named here. None by default.
   */
  credentialOrigins?: readonly string[];
}

// openapi-fetch 0.17 passes bodies and answers through Readable<> and Writable<>, which drop every
// key whose type is `null` (NonNullable<null> is never): the pending carrier setup status would
// lose expires_at and url (openapi-ts/openapi-typescript#2717). The contract has no readOnly or
// writeOnly marker for them to strip, so the client's methods are typed here without them, from
// the same helper types; the object at run time is openapi-fetch's own.
// Any media type, as openapi-fetch's own default: the creations' answers are `*/*` (shape not shown).
type Media = `${string}/${string}`;

type BodyOption<Operation> =
  OperationRequestBodyContent<Operation> extends never
    ? { body?: never }
    : IsOperationRequestBodyOptional<Operation> extends true
      ? { body?: OperationRequestBodyContent<Operation> }
      : { body: OperationRequestBodyContent<Operation> };

type Init<Operation> = Omit<FetchOptions<Operation>, 'body'> & BodyOption<Operation>;

type MaybeOptionalInit<PathItem, Method extends keyof PathItem> =
  RequiredKeysOf<Init<FilterKeys<PathItem, Method>>> extends never
    ? Init<FilterKeys<PathItem, Method>> | undefined
    : Init<FilterKeys<PathItem, Method>>;

type InitParam<I> =
  RequiredKeysOf<I> extends never ? [(I & { [key: string]: unknown })?] : [I & { [key: string]: unknown }];

/** What a call resolves to: data as the contract describes the success answer, or error. */
export type ShippingResponse<Operation extends Record<string | number, any>, Options = unknown> =
  | {
      data: ParseAsResponse<SuccessResponse<ResponseObjectMap<Operation>, Media>, Options>;
      error?: never;
      response: Response;
    }
  | { data?: never; error: ErrorResponse<ResponseObjectMap<Operation>, Media>; response: Response };

type Operation<T> = T extends Record<string | number, any> ? T : never;

type Method<M extends HttpMethod> = <
  Path extends PathsWithMethod<paths, M>,
  I extends MaybeOptionalInit<paths[Path], M>,
>(
  url: Path,
  ...init: InitParam<I>
) => Promise<ShippingResponse<Operation<paths[Path][M]>, I>>;

/** The openapi-fetch client of the API, its methods typed by the contract. */
export interface ShippingClient extends Omit<Client<paths, Media>, HttpMethodName> {
  GET: Method<'get'>;
  PUT: Method<'put'>;
  POST: Method<'post'>;
  DELETE: Method<'delete'>;
  OPTIONS: Method<'options'>;
  HEAD: Method<'head'>;
  PATCH: Method<'patch'>;
  TRACE: Method<'trace'>;
}

type HttpMethodName = 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE';

/** What the setup workflow needs beyond the openapi-fetch client, kept off the client object. */
export interface ClientContext {
  baseUrl: URL;
  fetch: Fetch;
  /** The default headers: Authorization, and Partner-ID when given. */
  headers: Readonly<Record<string, string>>;
  /** The API's origin and those of the credentialOrigins option. */
  credentialOrigins: ReadonlySet<string>;
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
      option: 'options',
    });
  }
  const baseUrl = checkBaseUrl(options.baseUrl);
  const authorization = basicAuthorization(options.username, options.apiKey);
  const headers: Record<string, string> = { Authorization: authorization };
  if (options.partnerId !== undefined) headers['Partner-ID'] = partnerIdHeader(options.partnerId);
  if (options.fetch !== undefined && typeof options.fetch !== 'function')
    throw invalidClientOption('fetch', 'fetch must be a function with the signature of the global fetch.');
  const fetch = options.fetch ?? globalThis.fetch;
  const credentialOrigins = new Set([baseUrl.origin, ...checkCredentialOrigins(options.credentialOrigins)]);
  const client = createClient<paths, Media>({
    baseUrl: baseUrl.href,
    headers,
    fetch,
    bodySerializer: serializeBody,
  }) as ShippingClient;
  const secrets = [authorization.slice('Basic '.length), options.apiKey];
  contexts.set(client, {
    baseUrl,
    fetch,
    headers: Object.freeze({ ...headers }),
    credentialOrigins,
    redact: (text) => secrets.reduce((out, secret) => out.replaceAll(secret, '[redacted]'), text),
  });
  return client;
}

/** Each entry an origin (scheme, host, port), HTTPS unless loopback, as for baseUrl. */
function checkCredentialOrigins(origins: unknown): string[] {
  if (origins === undefined) return [];
  if (!Array.isArray(origins))
    throw invalidClientOption(
      'credentialOrigins',
      'credentialOrigins must be an array of origins, such as ["https://files.shipping.example"].',
    );
  return origins.map((origin: unknown, index) => {
    const url = typeof origin === 'string' ? parseUrl(origin) : null;
    // A value that carries credentials is not repeated.
    const shown =
      typeof origin !== 'string'
        ? typeof origin
        : url?.username || url?.password
          ? 'an address with credentials'
          : `"${origin}"`;
    if (url === null || url.origin === 'null' || `${url.origin}/` !== url.href.replace(/\/?$/, '/')) {
      throw invalidClientOption(
        'credentialOrigins',
        `credentialOrigins[${index}] must be an origin such as "https://files.shipping.example", with no path, query or credentials (got ${shown}).`,
      );
    }
    if (url.protocol !== 'https:' && !isLoopback(url.hostname)) {
      throw invalidClientOption(
        'credentialOrigins',
        `credentialOrigins[${index}] must use HTTPS (got ${url.origin}): Basic credentials are only encoded, so plain HTTP is allowed for loopback hosts only.`,
      );
    }
    return url.origin;
  });
}

export function clientContext(client: ShippingClient, operation: string): ClientContext {
  const context = typeof client === 'object' && client !== null ? contexts.get(client) : undefined;
  if (!context) {
    throw new ShippingApiError(`${operation} needs a client made by createShippingClient.`, {
      code: 'INVALID_OPTIONS',
      operation,
      option: 'client',
    });
  }
  return context;
}
