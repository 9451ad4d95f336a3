// 5.2.2, the Partner-ID header accepted on every operation. A request with the header that fails in
// a way the contract does not give is sent once more without it (traffic.ts); when that one
// succeeds, the header is what the server refused, and the failure is filed here with both answers,
// not under the rule of the operation.
import { THROTTLING_STATUSES } from 'shipping-api-v3-client';
import { CALLS, mediaType, statusGiven } from './answers.ts';
import type { Report } from './rules.ts';
import { body, type Exchange } from './traffic.ts';

const succeeded = (exchange: Exchange) => exchange.status >= 200 && exchange.status <= 299;

/** A 4xx or 5xx to a request with Partner-ID, other than throttling and the statuses the contract gives by code. */
export const suspectsPartnerId = (exchange: Exchange): boolean =>
  exchange.partnerId && exchange.status >= 400 && !THROTTLING_STATUSES.has(exchange.status) && !statusGiven(exchange);

/** An answer in a few words: its status, its media type and the start of its body. */
function answerText(exchange: Exchange): string {
  const text = body.text(exchange).replace(/\s+/g, ' ').trim();
  const shown = text.length > 80 ? `${text.slice(0, 80)}…` : text;
  return [String(exchange.status), mediaType(exchange), shown && `body ${shown}`].filter(Boolean).join(', ');
}

/** 5.2.2: each request the header made fail, with both answers; else the operations that accepted it. */
export function judgePartnerHeader(
  exchanges: readonly Exchange[],
  partnerId: number | undefined,
  report: Report,
): void {
  if (partnerId === undefined) {
    report.skip('5.2.2', 'SHIPPING_PARTNER_ID is not set: no Partner-ID header was sent');
    return;
  }
  for (const exchange of exchanges) {
    const without = exchange.withoutPartnerId;
    if (!without || !succeeded(without)) continue;
    const [withIt, withoutIt] = [answerText(exchange), answerText(without)];
    const call = CALLS[exchange.operation];
    report.fail('5.2.2', `${call} with Partner-ID was answered ${withIt}; the same request without it, ${withoutIt}`);
  }
  const operations = [...new Set(exchanges.filter((e) => e.partnerId && succeeded(e)).map((e) => CALLS[e.operation]))];
  if (operations.length > 0) report.pass('5.2.2', `Partner-ID: ${partnerId} accepted on ${operations.join(', ')}`);
  else report.skip('5.2.2', 'no request with Partner-ID succeeded');
}
