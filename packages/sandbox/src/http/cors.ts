// CORS for the pages of other origins that call the sandbox from a browser, such as a published API
// reference with "Try it" (docs/try-it.md). Exact origins only: a wildcard would let any page spend
// an API user's requests, and no page needs cookies, so credentials are never allowed.
import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { SandboxOptionsError } from '../config/settings.ts';

/** The request headers a page sends: Basic credentials, the Partner ID, a JSON body, a byte range. */
const ALLOWED_HEADERS = ['Authorization', 'Content-Type', 'Partner-ID', 'Range'];
/** The answer's headers a page reads beyond the CORS-safelisted ones: pacing, the download's bytes, the challenge. */
const EXPOSED_HEADERS = ['Retry-After', 'Content-Range', 'Content-Length', 'Accept-Ranges', 'WWW-Authenticate', 'ETag'];

/** What an origin is, for the refusal of a value that is not one. */
const ORIGIN_FORM =
  'give scheme, host and port only, such as https://docs.example.com (no path, no trailing slash, no *)';

/** The origin `entry` is exactly (an http: or https: origin), or undefined. */
function exactOrigin(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    return /^https?:$/.test(url.protocol) && url.origin === entry ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** The origins of the setting corsOrigin (comma-separated), each checked to be exactly an origin. */
export function corsOrigins(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .map((entry) => {
      const origin = exactOrigin(entry);
      if (origin === undefined)
        throw new SandboxOptionsError(`corsOrigin: ${JSON.stringify(entry)} is not an origin; ${ORIGIN_FORM}.`, {
          option: 'corsOrigin',
        });
      return origin;
    });
}

/** Answers CORS, preflights included, for exactly `origins`; every other origin gets no CORS header. */
export function registerCors(app: FastifyInstance, origins: readonly string[]): void {
  // Registered on the app itself (the plugin is not encapsulated), before the routes, so that its
  // hook also answers the 401s of authentication and the preflights, which carry no credentials.
  app.register(cors, {
    origin: [...origins],
    credentials: false,
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ALLOWED_HEADERS,
    exposedHeaders: EXPOSED_HEADERS,
    // A browser asks again after ten minutes at most.
    maxAge: 600,
  });
}
