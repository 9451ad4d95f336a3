// Every answer against the contract: the response the bundled description gives for its operation
// and status code (its media type, its body's schema by the generated validators, its headers by
// Ajv), and, on every answer, the Partner ID that must never come back (5.2.7). Each problem is
// reported under the rule that asks for what broke.
import { Ajv2020 } from 'ajv/dist/2020.js';
import * as contract from 'shipping-api-v3-contract';
import type { Report } from './rules.ts';
import { body, type Exchange, type OperationId } from './traffic.ts';

const WHERE: Record<OperationId, [path: string, method: string] | 'file'> = {
  requestCarrierSetup: ['/setups/carriers', 'get'],
  downloadCarrierSetupFile: 'file',
  createShipment: ['/shipments', 'post'],
  createSalesOrder: ['/sales_orders', 'post'],
  createImportedShipment: ['/imported_shipments', 'post'],
  createShipmentDraft: ['/shipment_drafts', 'post'],
};

/** What the calls are called in the report. */
export const CALLS: Record<OperationId, string> = {
  requestCarrierSetup: 'GET /setups/carriers',
  downloadCarrierSetupFile: 'GET {url}',
  createShipment: 'POST /shipments',
  createSalesOrder: 'POST /sales_orders',
  createImportedShipment: 'POST /imported_shipments',
  createShipmentDraft: 'POST /shipment_drafts',
};

/** The object a `$ref` of the bundle points at, or the object itself. */
function resolve(node: any): any {
  const ref: unknown = node?.$ref;
  return typeof ref === 'string' ? contract.pointerGet(contract.bundle(), ref.slice(1)).value : node;
}

/** The response the contract gives for an answer: its status code, else its class (2XX), else default. */
function contractResponse(exchange: Exchange): { key: string; response: any } | undefined {
  const where = WHERE[exchange.operation];
  const document = contract.bundle();
  const operation =
    where === 'file' ? document.components.pathItems.CarrierSetupFile.get : document.paths[where[0]][where[1]];
  for (const key of [String(exchange.status), `${String(exchange.status)[0]}XX`, 'default']) {
    if (operation.responses[key]) return { key, response: resolve(operation.responses[key]) };
  }
  return undefined;
}

/** Whether the contract gives the answer's own status code for its operation (401, 416), not only a class or the default. */
export const statusGiven = (exchange: Exchange) => contractResponse(exchange)?.key === String(exchange.status);

const CREATION_RULES: Partial<Record<OperationId, string>> = {
  createShipment: '4.3.request',
  createSalesOrder: '4.4.request',
  createImportedShipment: '4.5.request',
  createShipmentDraft: '4.6.request',
};

/** The rule that asks for what the contract says of this answer. */
function ruleOf(exchange: Exchange, key: string, pointer?: string): string {
  if (key === '401') return '5.1.1';
  if (exchange.operation === 'downloadCarrierSetupFile') return key === '206' ? '4.2.range' : '4.2.returns';
  const creation = CREATION_RULES[exchange.operation];
  if (creation) return creation;
  const field = pointer?.split('/')[1];
  if (exchange.operation === 'requestCarrierSetup' && ['status', 'url', 'expires_at'].includes(field ?? ''))
    return `2.1.${field}`;
  return '4.1.response';
}

let headerAjv: Ajv2020 | undefined;
const headerValidators = new Map<object, ReturnType<Ajv2020['compile']>>();

/** Ajv's check of a header's schema, compiled once. */
function headerValidator(schema: object): ReturnType<Ajv2020['compile']> {
  headerAjv ??= new Ajv2020({ strict: false });
  let validate = headerValidators.get(schema);
  if (!validate) {
    validate = headerAjv.compile(schema);
    headerValidators.set(schema, validate);
  }
  return validate;
}

/** A header's value as its schema's type reads it: an integer header's digits as a number. */
function headerValue(schema: any, text: string): unknown {
  return (schema.type === 'integer' || schema.type === 'number') && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

function headerProblems(exchange: Exchange, response: any): string[] {
  const problems: string[] = [];
  for (const [name, ref] of Object.entries<any>(response.headers ?? {})) {
    const header = resolve(ref);
    const value = exchange.headers.get(name);
    if (value === null) {
      if (header.required)
        problems.push(`the header ${name} is missing; the contract requires it on a ${exchange.status}`);
      continue;
    }
    const validate = headerValidator(header.schema);
    if (!validate(headerValue(header.schema, value)))
      problems.push(`the header ${name}: ${JSON.stringify(value)} ${validate.errors?.[0]?.message ?? 'is not valid'}`);
  }
  return problems;
}

/** The media type the answer names, without parameters, or '' for none. */
export const mediaType = (exchange: Exchange) =>
  (exchange.headers.get('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase();

function contentEntry(content: Record<string, any>, type: string): any {
  const [major] = type.split('/');
  return content[type] ?? content[`${major}/*`] ?? content['*/*'];
}

/** The body against the content the contract gives: a media type it names, and its schema. */
function bodyProblem(exchange: Exchange, response: any): { pointer?: string; text: string } | undefined {
  if (!response.content) return undefined;
  const type = mediaType(exchange);
  const entry = contentEntry(response.content, type);
  if (!entry)
    return {
      text: `served as ${type || 'no media type'}, which the contract does not name (${Object.keys(response.content).join(', ')})`,
    };
  const ref: unknown = entry.schema?.$ref;
  if (typeof ref !== 'string') return undefined;
  const name = ref.split('/').pop()!;
  const validate = (contract as unknown as Record<string, contract.Validator<unknown>>)[name]!;
  const data = body.json(exchange);
  if (data === undefined) return { text: `the body is not JSON; the contract gives it as ${name}` };
  if (validate(data)) return undefined;
  const { pointer, message } = contract.firstProblem(validate.errors?.[0]);
  return { pointer, text: `the body breaks ${name} at ${pointer || 'its root'}: ${message}` };
}

/** Each answer against the response the contract gives for it; `checked` counts them by rule. */
export function checkAnswers(exchanges: readonly Exchange[], report: Report): void {
  const checked = new Map<string, number>();
  for (const exchange of exchanges) {
    const found = contractResponse(exchange);
    const where = `${CALLS[exchange.operation]} answered ${exchange.status}`;
    if (!found) {
      report.fail(ruleOf(exchange, ''), `${where}, a status code the contract does not give`);
      continue;
    }
    const problem = bodyProblem(exchange, found.response);
    // partner_id in a body is 5.2.7's, which checkPartnerIdNeverReturned reports on every answer.
    if (problem && problem.pointer?.split('/')[1] !== 'partner_id')
      report.fail(ruleOf(exchange, found.key, problem.pointer), `${where}: ${problem.text}`);
    for (const text of headerProblems(exchange, found.response))
      report.fail(ruleOf(exchange, found.key), `${where}: ${text}`);
    const rule = ruleOf(exchange, found.key);
    checked.set(rule, (checked.get(rule) ?? 0) + 1);
  }
  for (const [rule, count] of checked) {
    report.pass(rule, `${count} answer${count === 1 ? '' : 's'} checked against the contract's response and headers`);
  }
}

/** The JSON pointers of every key partner_id in a JSON value. */
function partnerIdKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => partnerIdKeys(item, `${at}/${index}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const pointer = `${at}/${contract.pointerSegment(key)}`;
    return [...(key.toLowerCase() === 'partner_id' ? [pointer] : []), ...partnerIdKeys(item, pointer)];
  });
}

/** 5.2.7 on every answer: no Partner-ID header, and no partner_id in the body. */
export function checkPartnerIdNeverReturned(exchanges: readonly Exchange[], report: Report): void {
  for (const exchange of exchanges) {
    const where = `${CALLS[exchange.operation]} answered ${exchange.status}`;
    for (const [name] of exchange.headers) {
      if (name.toLowerCase() === 'partner-id') report.fail('5.2.7', `${where} with a ${name} header`);
    }
    const data = body.json(exchange);
    const found =
      data === undefined ? (/partner_id/i.test(body.text(exchange)) ? ['(text)'] : []) : partnerIdKeys(data);
    for (const pointer of found) report.fail('5.2.7', `${where} with partner_id in its body at ${pointer}`);
  }
  report.pass('5.2.7', `no Partner-ID header and no partner_id in the body of ${exchanges.length} answers`);
}
