// The route a request matched, as it was registered (`/files/:hash/:name`), for metrics and logs:
// never the address asked for, which holds the token of a file address.
import type { FastifyRequest } from 'fastify';

/** What a request that matched no route is counted and logged under, whatever its path. */
export const UNMATCHED = '(unmatched)';

export function routeTemplate(request: FastifyRequest): string {
  return request.routeOptions.url ?? UNMATCHED;
}
