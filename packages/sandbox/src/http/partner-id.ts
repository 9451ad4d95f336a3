// The Partner-ID header read on every request (specification 5.2): its number on the request, or a
// problem that says what the header holds. What is stored of it is decided in service/attribution.ts.
import type { FastifyRequest } from 'fastify';
import { type PartnerIdReading, readPartnerId } from 'shipping-api-v3-contract';
import { beyondDoubleMessage } from 'shipping-api-v3-contract/internal';
import { describeValue, SandboxProblem } from './problems.ts';

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
