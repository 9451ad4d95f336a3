// Partner attribution: the Partner-ID header, and the deprecated partner_id body field that still
// works but should be replaced by the header. How a Partner ID's text reads is the contract
// package's (readPartnerId), shared with the sandbox.
import { defaultBodySerializer } from 'openapi-fetch';
import { PartnerIdHeaderValue } from 'shipping-api-v3-contract';
import { ShippingApiError } from './errors.ts';

/**
 * The Partner-ID header value, checked as far as the contract goes: a Partner ID is a number. Whether
 * it is a whole number, and its range, are not specified, so any finite number is sent as written,
 * in the text the contract's PartnerIdHeaderValue describes (JavaScript writes every finite number so).
 * That text reads back as the same double, so readPartnerId (and the sandbox) never refuses it as
 * beyond a double's range: a literal such as 1e-400 is 0 before it gets here.
 */
export function partnerIdHeader(partnerId: unknown): string {
  if (typeof partnerId !== 'number' || !Number.isFinite(partnerId) || !PartnerIdHeaderValue(String(partnerId))) {
    throw new ShippingApiError(`partnerId must be a finite number, such as 10042 (got ${describe(partnerId)}).`, {
      code: 'INVALID_OPTIONS',
      operation: 'createShippingClient',
      option: 'partnerId',
    });
  }
  return String(partnerId);
}

function describe(value: unknown): string {
  return typeof value === 'number' || typeof value === 'bigint'
    ? String(value)
    : typeof value === 'string'
      ? `the string ${JSON.stringify(value.slice(0, 20))}`
      : typeof value;
}

export const PARTNER_ID_BODY_WARNING =
  'The partner_id body field is deprecated and will be removed; send the Partner-ID header instead ' +
  '(createShippingClient({ partnerId })). When both are present, the service stores the header value.';

let warned = false;

/** openapi-fetch's own serializer, after one deprecation warning per process for partner_id. */
export function serializeBody(body: unknown): unknown {
  if (!warned && typeof body === 'object' && body !== null && Object.hasOwn(body, 'partner_id')) {
    warned = true;
    if (typeof process === 'object' && typeof process.emitWarning === 'function') {
      process.emitWarning(PARTNER_ID_BODY_WARNING, {
        type: 'DeprecationWarning',
        code: 'SHIPPING_API_PARTNER_ID_BODY',
      });
    } else {
      console.warn(`DeprecationWarning: ${PARTNER_ID_BODY_WARNING}`);
    }
  }
  return defaultBodySerializer(body);
}
