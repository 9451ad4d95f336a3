// The four creations. On a real server each creates a real thing, so they are sent only when the
// user allows writes; the bodies are the contract's examples, or files the user names, checked
// against the contract before anything is sent.
import {
  bundle,
  firstProblem,
  ImportedShipmentCreate,
  SalesOrderCreate,
  ShipmentCreate,
  ShipmentDraftCreate,
  type Validator,
} from 'shipping-api-v3-contract';
import type { Report } from './rules.ts';
import { body, type Exchange, type OperationId } from './traffic.ts';
import { mediaType } from './answers.ts';

export type CreationPath = '/shipments' | '/sales_orders' | '/imported_shipments' | '/shipment_drafts';

interface Kind {
  path: CreationPath;
  operation: OperationId;
  /** What the body is called, and the flag that names a file of it. */
  what: string;
  flag: string;
  validator: Validator<unknown>;
  request: string;
  response?: string;
}

export const CREATIONS: readonly Kind[] = [
  {
    path: '/shipments',
    operation: 'createShipment',
    what: 'shipment',
    flag: '--shipment',
    validator: ShipmentCreate,
    request: '4.3.request',
    response: '4.3.response',
  },
  {
    path: '/sales_orders',
    operation: 'createSalesOrder',
    what: 'sales order',
    flag: '--sales-order',
    validator: SalesOrderCreate,
    request: '4.4.request',
    response: '4.4.response',
  },
  {
    path: '/imported_shipments',
    operation: 'createImportedShipment',
    what: 'imported shipment',
    flag: '--imported-shipment',
    validator: ImportedShipmentCreate,
    request: '4.5.request',
  },
  {
    path: '/shipment_drafts',
    operation: 'createShipmentDraft',
    what: 'shipment draft',
    flag: '--shipment-draft',
    validator: ShipmentDraftCreate,
    request: '4.6.request',
  },
];

/** A body to send, and where it came from (a file, or the contract's example of that name). */
export interface Creation {
  path: CreationPath;
  body: unknown;
  source: string;
}

/** The first named example of each creation's request body in the contract. */
export function exampleCreations(): Creation[] {
  const document = bundle();
  return CREATIONS.map(({ path }) => {
    const examples = document.paths[path].post.requestBody.content['application/json'].examples;
    const [name, ref] = Object.entries<any>(examples)[0]!;
    const example = document.components.examples[ref.$ref.split('/').pop()];
    return { path, body: example.value, source: `the contract's example ${name}` };
  });
}

/** The problem of a body against the contract, with its JSON pointer, or undefined where it holds. */
export function creationProblem(path: CreationPath, data: unknown): { pointer: string; message: string } | undefined {
  const { validator } = CREATIONS.find((kind) => kind.path === path)!;
  return validator(data) ? undefined : firstProblem(validator.errors?.[0]);
}

const WRITES_OFF =
  'writes not allowed: on a real server a creation creates a real thing; --allow-writes sends the four creations';
const NOT_OBSERVABLE = 'not observable from outside: the Partner ID a server stored is never returned (5.2.7)';

/** Every rule of the creations, skipped with the reason writes are not allowed. */
export function skipCreations(report: Report): void {
  for (const kind of CREATIONS) {
    report.skip(kind.request, WRITES_OFF);
    if (kind.response) report.skip(kind.response, WRITES_OFF);
  }
  report.skip('5.2.4', WRITES_OFF);
}

/** The rules of what the server stores, which no answer shows. */
export function skipStorage(report: Report): void {
  for (const rule of ['5.2.3', '5.2.5', '5.2.8', '4.5.partner-id-storage']) report.skip(rule, NOT_OBSERVABLE);
}

/** How an answer to a creation looked: status, media type, and the fields of a JSON object. */
function shape(exchange: Exchange): string {
  const data = body.json(exchange);
  const what =
    exchange.body.length === 0
      ? 'no body'
      : data && typeof data === 'object' && !Array.isArray(data)
        ? `a JSON object with ${Object.keys(data).join(', ') || 'no fields'}`
        : `${exchange.body.length} bytes`;
  return `${exchange.status}, ${mediaType(exchange) || 'no media type'}, ${what}`;
}

/** Sends each creation with `post` and judges its answer. */
export async function checkCreations(
  creations: readonly Creation[],
  post: (path: CreationPath, body: unknown) => Promise<Exchange>,
  report: Report,
): Promise<void> {
  let legacySent = false;
  for (const creation of creations) {
    const kind = CREATIONS.find((k) => k.path === creation.path)!;
    const exchange = await post(creation.path, creation.body);
    const legacy = creation.body !== null && typeof creation.body === 'object' && 'partner_id' in creation.body;
    legacySent ||= legacy;
    if (exchange.status >= 200 && exchange.status <= 299) {
      report.pass(kind.request, `${creation.source} was accepted: ${exchange.status}`);
      if (legacy) report.pass('5.2.4', `POST ${kind.path} accepted a body with partner_id (${creation.source})`);
    } else {
      const excerpt = body.text(exchange).slice(0, 300);
      report.fail(kind.request, `${creation.source} was answered ${exchange.status}${excerpt ? `: ${excerpt}` : ''}`);
      if (legacy) report.fail('5.2.4', `POST ${kind.path} answered ${exchange.status} to a body with partner_id`);
    }
    if (kind.response) report.observe(kind.response, shape(exchange));
  }
  if (!legacySent) report.skip('5.2.4', 'no creation body carried partner_id');
}
