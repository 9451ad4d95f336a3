// Partner attribution in the sandbox (specification 5.2): the Partner ID stored on what is created,
// from the Partner-ID header read on the request (http/partner-id.ts) and the deprecated body field.
import type { Attribution, Kind } from './state.ts';

/**
 * The Partner ID stored on a created resource: the header when given; else the deprecated body
 * field, except on drafts, which take the header only. A body value that was not stored is shown as
 * ignored.
 */
export function attribute(kind: Kind, header: number | null, body: unknown): Omit<Attribution, 'id'> {
  const hasBodyField =
    typeof body === 'object' && body !== null && !Array.isArray(body) && Object.hasOwn(body, 'partner_id');
  const bodyValue = hasBodyField ? (body as Record<string, unknown>).partner_id : undefined;
  // Specification 5.2: the header wins over the body field, and drafts take the header only.
  const source = header !== null ? 'header' : hasBodyField && kind !== 'shipment_draft' ? 'body' : 'none';
  const attribution: Omit<Attribution, 'id'> = {
    resource: kind,
    partnerId: source === 'header' ? header : source === 'body' ? (bodyValue as number) : null,
    source,
  };
  if (hasBodyField && source !== 'body') attribution.ignoredBodyPartnerId = bodyValue;
  return attribution;
}
