// The Partner ID a text writes (a Partner-ID header, an environment variable), read one way by every
// package: the client and the command line, and the sandbox that receives the header.
import { PartnerIdHeaderValue } from './artifacts.ts';
import { beyondDouble } from './double-range.ts';

/**
 * A Partner ID written as text (a header, an environment variable): its number, or why the text
 * gives none. readsAs is set for the text of a decimal number that a double cannot hold, with what
 * it would read as (0, Infinity or -Infinity).
 */
export type PartnerIdReading = { ok: true; partnerId: number } | { ok: false; readsAs?: number };

/**
 * The Partner ID a text writes: the text of one decimal number, as the contract's
 * PartnerIdHeaderValue describes it (whole or not, as the contract leaves it), that a double holds
 * without turning it into 0 or Infinity.
 */
export function readPartnerId(text: string): PartnerIdReading {
  const trimmed = text.trim();
  if (!PartnerIdHeaderValue(trimmed)) return { ok: false };
  const readsAs = beyondDouble(trimmed);
  return readsAs === undefined ? { ok: true, partnerId: Number(trimmed) } : { ok: false, readsAs };
}
