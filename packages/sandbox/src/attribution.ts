// Partner attribution in the sandbox (specification 5.2): the Partner-ID header read on every
// request, and the Partner ID stored on what is created.
import type { FastifyRequest } from 'fastify';
import { type PartnerIdReading, readPartnerId } from 'shipping-api-v3-client';
import { beyondDoubleMessage } from 'shipping-api-v3-client/internal';
import { describeValue, SandboxProblem } from './problems.ts';
import type { Attribution, Kind } from './state.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Partner-ID header, checked; null when absent. */
    partnerId: number | null;
  }
}

/**
 * The Partner-ID header: absent, or the text of one decimal number (the contract's
 * PartnerIdHeaderValue; whether it is whole, and its range, are open) that a double holds: a number
 * that would read as 0 or Infinity is refused, as in a body. Sets request.partnerId.
 */
export function checkPartnerId(request: FastifyRequest): void {
  const value = request.headers['partner-id'];
  if (value === undefined) {
    request.partnerId = null;
    return;
  }
  const reading: PartnerIdReading = Array.isArray(value) ? { ok: false } : readPartnerId(value);
  if (reading.ok) {
    request.partnerId = reading.partnerId;
    return;
  }
  if (reading.readsAs !== undefined) {
    const message = beyondDoubleMessage(String(value).trim(), reading.readsAs);
    throw new SandboxProblem(400, `The Partner-ID header must be one number, such as 10042: ${message}.`, [
      { header: 'Partner-ID', message },
    ]);
  }
  const found = Array.isArray(value) ? `${value.length} Partner-ID headers` : describeValue(value);
  throw new SandboxProblem(400, `The Partner-ID header must be one number, such as 10042 (found ${found}).`, [
    { header: 'Partner-ID', message: `must be a number (found ${found})` },
  ]);
}

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
