// Request bodies checked against the contract. A valid body costs one call of the generated
// validator; an invalid one is checked again by an Ajv that lists every problem, each with its
// JSON pointer.
import type { Ajv2020, ValidateFunction } from 'ajv/dist/2020.js';
import { contractAjv, DOCUMENT_ID } from './contract-ajv.ts';
import {
  bundle,
  ImportedShipmentCreate,
  SalesOrderCreate,
  ShipmentCreate,
  ShipmentDraftCreate,
  type ValidationProblem,
  type Validator,
} from 'shipping-api-v3-contract';
import { pointerGet, problemLocation } from 'shipping-api-v3-contract';
import { describeValue, type ProblemItem } from './problems.ts';
import type { Kind } from './state.ts';

export const VALIDATORS: Record<Kind, { schema: string; validate: Validator<unknown> }> = {
  shipment: { schema: 'ShipmentCreate', validate: ShipmentCreate },
  sales_order: { schema: 'SalesOrderCreate', validate: SalesOrderCreate },
  imported_shipment: { schema: 'ImportedShipmentCreate', validate: ImportedShipmentCreate },
  shipment_draft: { schema: 'ShipmentDraftCreate', validate: ShipmentDraftCreate },
};

let listing: Ajv2020 | undefined;

/** The all-errors validator of a component schema, compiled on first use and kept by Ajv. */
function lister(schema: string): ValidateFunction {
  listing ??= contractAjv(bundle(), { strict: false, allErrors: true });
  return listing.getSchema(`${DOCUMENT_ID}#/components/schemas/${schema}`)!;
}

/** One Ajv problem as a pointer and a sentence. */
function problemItem(problem: ValidationProblem, data: unknown): ProblemItem {
  const { pointer, message } = problemLocation(problem);
  return {
    pointer,
    message:
      message ?? `${problem.message ?? 'is not allowed'} (found ${describeValue(pointerGet(data, pointer).value)})`,
  };
}

/** Every problem of a body that the generated validator refused, first the one it found. */
export function bodyProblems(kind: Kind, data: unknown): ProblemItem[] {
  const { schema, validate } = VALIDATORS[kind];
  const first = validate.errors?.[0];
  const all = lister(schema);
  all(data);
  const items: ProblemItem[] = [];
  const seen = new Set<string>();
  for (const problem of [...(first ? [first] : []), ...((all.errors ?? []) as ValidationProblem[])]) {
    // The branches of a oneOf or anyOf fail as a whole too; the branch's own problems say more.
    if (
      problem.keyword === 'oneOf' ||
      problem.keyword === 'anyOf' ||
      problem.keyword === 'if' ||
      problem.keyword === 'allOf'
    )
      continue;
    const item = problemItem(problem, data);
    const key = `${item.pointer}\n${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      items.push(item);
    }
  }
  return items.length > 0 ? items : [{ pointer: '', message: 'does not match the schema' }];
}
