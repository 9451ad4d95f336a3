// The request Try it sends, built from the panel's fields: the address from the server and the
// operation's path, Basic credentials, Partner-ID as the header (never moved into the body), and the
// body as the user wrote it, checked against the contract's validator before it goes.
import type { TryItContract, TryItOperation } from './contract.ts';
import { type Problem, validate } from './validators.ts';

export interface TryRequest {
  operationId: string;
  method: 'GET' | 'POST';
  url: string;
  /** The headers but Authorization, which is added as the request leaves and shown nowhere. */
  headers: Record<string, string>;
  body?: string;
}

export interface BodyProblem extends Problem {
  /** The rule of openapi/rules.yaml the problem breaks. */
  rule: string;
}

/** The body as text, pretty-printed, to start from. */
export const startingText = (operation: TryItOperation): string =>
  operation.body ? JSON.stringify(operation.body.example, null, 2) : '';

/** The problems of a body: not JSON at all, or where it breaks the operation's schema, each with its rule. */
export function checkBody(operation: TryItOperation, text: string): BodyProblem[] {
  const body = operation.body;
  if (!body) return [];
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return [{ pointer: '', message: `is not JSON: ${(error as Error).message}`, rule: body.rule }];
  }
  return validate(body.validator, data).map((problem) => {
    const field = problem.pointer.split('/')[1] ?? '';
    return { ...problem, rule: body.fieldRules[field] ?? body.rule };
  });
}

/** The problem of a Partner-ID value, or undefined: empty (not sent) or the text of a number. */
export function checkPartnerId(value: string): BodyProblem | undefined {
  if (value.trim() === '') return undefined;
  const [problem] = validate('PartnerIdHeaderValue', value.trim());
  return problem && { pointer: 'Partner-ID', message: `${JSON.stringify(value)} ${problem.message}`, rule: '5.2.1' };
}

/** The request of an operation at a base URL (or, for the download, at the file's address). */
export function buildRequest(
  operation: TryItOperation,
  address: string,
  fields: { partnerId: string; body: string; range?: string },
): TryRequest {
  const url = operation.path === '{url}' ? address : `${address.replace(/\/+$/, '')}${operation.path}`;
  const headers: Record<string, string> = {};
  if (fields.partnerId.trim() !== '') headers['Partner-ID'] = fields.partnerId.trim();
  if (fields.range?.trim()) headers.Range = fields.range.trim();
  if (operation.method === 'GET') return { operationId: operation.operationId, method: 'GET', url, headers };
  headers['Content-Type'] = 'application/json';
  return { operationId: operation.operationId, method: operation.method, url, headers, body: fields.body };
}

/** The operation by its id. */
export function operationOf(contract: TryItContract, operationId: string): TryItOperation {
  const operation = contract.operations.find((candidate) => candidate.operationId === operationId);
  if (!operation) throw new Error(`No operation ${operationId} in the contract.`);
  return operation;
}
