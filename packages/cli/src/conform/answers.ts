// Every answer against the contract, by the contract's one judge (shipping-api-v3-contract/judge):
// the response the bundled description gives for its operation and status code, its media type, its
// body's schema and its headers' schemas, and, on every answer, the Partner ID that must never come
// back (5.2.7). Each problem is reported under the rule the judge names for it.
import { contractJudge } from 'shipping-api-v3-contract';
import type { Judgement } from 'shipping-api-v3-contract/judge';
import type { Report } from './rules.ts';
import type { Exchange, OperationId } from './traffic.ts';

/** What the calls are called in the report. */
export const CALLS: Record<OperationId, string> = {
  requestCarrierSetup: 'GET /setups/carriers',
  downloadCarrierSetupFile: 'GET {url}',
  createShipment: 'POST /shipments',
  createSalesOrder: 'POST /sales_orders',
  createImportedShipment: 'POST /imported_shipments',
  createShipmentDraft: 'POST /shipment_drafts',
};

const judged = new WeakMap<Exchange, Judgement>();

/** The judge's verdict on an answer, made once. */
function judgementOf(exchange: Exchange): Judgement {
  let judgement = judged.get(exchange);
  if (!judgement) {
    judgement = contractJudge().judge(exchange.operation, exchange);
    judged.set(exchange, judgement);
  }
  return judgement;
}

/** Whether the contract gives the answer's own status code for its operation (401, 416), not only a class or the default. */
export const statusGiven = (exchange: Exchange) => judgementOf(exchange).response === String(exchange.status);

/** The media type the answer names, without parameters, or '' for none. */
export const mediaType = (exchange: Exchange) =>
  (exchange.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();

/** Each answer against the response the contract gives for it; `checked` counts them by rule. */
export function checkAnswers(exchanges: readonly Exchange[], report: Report): void {
  const checked = new Map<string, number>();
  for (const exchange of exchanges) {
    const judgement = judgementOf(exchange);
    const where = `${CALLS[exchange.operation]} answered ${exchange.status}`;
    for (const finding of judgement.findings) {
      // 5.2.7 is checkPartnerIdNeverReturned's, on every answer.
      if (finding.outcome !== 'fail' || finding.rule === '5.2.7') continue;
      report.fail(finding.rule, `${where}: ${finding.text}`);
    }
    // An answer the judge passed nothing of (a status the contract names not, a creation's answer,
    // which is not shown) is no answer checked.
    const [status] = judgement.findings;
    if (status?.outcome !== 'pass') continue;
    const rule = status.rule;
    checked.set(rule, (checked.get(rule) ?? 0) + 1);
  }
  for (const [rule, count] of checked) {
    report.pass(rule, `${count} answer${count === 1 ? '' : 's'} checked against the contract's response and headers`);
  }
}

/** 5.2.7 on every answer: no Partner-ID header, and no partner_id in the body. */
export function checkPartnerIdNeverReturned(exchanges: readonly Exchange[], report: Report): void {
  for (const exchange of exchanges) {
    const where = `${CALLS[exchange.operation]} answered ${exchange.status}`;
    for (const finding of judgementOf(exchange).findings)
      if (finding.rule === '5.2.7' && finding.outcome === 'fail') report.fail('5.2.7', `${where}: ${finding.text}`);
  }
  report.pass('5.2.7', `no Partner-ID header and no partner_id in the body of ${exchanges.length} answers`);
}
