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

/** The generated validators bodies are checked with; useContract replaces them. */
const generated: Record<string, Validator<unknown>> = {
  ShipmentCreate,
  SalesOrderCreate,
  ImportedShipmentCreate,
  ShipmentDraftCreate,
};

/** A validator that calls the generated one of the moment, so that the routes keep theirs across useContract. */
function current(schema: string): Validator<unknown> {
  const validate = ((data: unknown) => {
    const to = generated[schema]!;
    const valid = to(data);
    validate.errors = to.errors;
    return valid;
  }) as Validator<unknown>;
  return validate;
}

export const VALIDATORS: Record<Kind, { schema: string; validate: Validator<unknown> }> = {
  shipment: { schema: 'ShipmentCreate', validate: current('ShipmentCreate') },
  sales_order: { schema: 'SalesOrderCreate', validate: current('SalesOrderCreate') },
  imported_shipment: { schema: 'ImportedShipmentCreate', validate: current('ImportedShipmentCreate') },
  shipment_draft: { schema: 'ShipmentDraftCreate', validate: current('ShipmentDraftCreate') },
};

let listing: Ajv2020 | undefined;
/** The bundle the problems are listed from, when useContract gave one. */
let document: unknown;

/**
 * Checks bodies against another build of the contract from now on: the exports of its generated
 * validators module and its bundle. For a server that follows the contract as it is edited.
 */
export function useContract(contract: { validators: Record<string, unknown>; bundle: unknown }): void {
  for (const schema of Object.keys(generated)) {
    const validate = contract.validators[schema];
    if (typeof validate !== 'function') throw new Error(`The validators module has no validator ${schema}.`);
    generated[schema] = validate as Validator<unknown>;
  }
  document = contract.bundle;
  listing = undefined;
}

/** The all-errors validator of a component schema, compiled on first use and kept by Ajv. */
function lister(schema: string): ValidateFunction {
  listing ??= contractAjv(document ?? bundle(), { strict: false, allErrors: true });
  return listing.getSchema(`${DOCUMENT_ID}#/components/schemas/${schema}`)!;
}

/** A schema as Ajv's `verbose` option hands it over with a problem, where the messages find more to say. */
interface ParentSchema {
  $ref?: string;
  title?: string;
  properties?: Record<string, { const?: unknown }>;
  oneOf?: ParentSchema[];
}

/** The schema a $ref of the document names. */
type Resolve = (ref: string) => ParentSchema | undefined;

/** One Ajv problem as a pointer and a sentence. */
function problemItem(
  problem: ValidationProblem & { parentSchema?: ParentSchema },
  data: unknown,
  resolve: Resolve,
): ProblemItem {
  const { pointer, message } = problemLocation(problem);
  const schema = problem.parentSchema;
  const found = () => `found ${describeValue(pointerGet(data, pointer).value)}`;
  if (problem.keyword === 'additionalProperties' && schema?.properties)
    return {
      pointer,
      message: `is not a field of ${schema.title ?? 'this object'} (its fields: ${Object.keys(schema.properties).join(', ')})`,
    };
  if (problem.keyword === 'discriminator' && schema?.oneOf) {
    const tag = String(problem.params.tag);
    const branches = schema.oneOf.map((branch) => (branch.$ref ? resolve(branch.$ref) : branch));
    const values = branches.map((branch) => branch?.properties?.[tag]?.const).join(', ');
    return {
      pointer,
      message: problem.params.tagValue === undefined ? 'is required' : `must be one of ${values} (${found()})`,
    };
  }
  return { pointer, message: message ?? `${problem.message ?? 'is not allowed'} (${found()})` };
}

/** Ajv's problems as pointers and sentences, each once, without the failures of a oneOf or anyOf as a whole. */
export function problemItems(
  problems: ValidationProblem[],
  data: unknown,
  resolve: Resolve = () => undefined,
): ProblemItem[] {
  const items: ProblemItem[] = [];
  const seen = new Set<string>();
  for (const problem of problems) {
    // The branches of a oneOf or anyOf fail as a whole too; the branch's own problems say more.
    if (
      problem.keyword === 'oneOf' ||
      problem.keyword === 'anyOf' ||
      problem.keyword === 'if' ||
      problem.keyword === 'allOf'
    )
      continue;
    const item = problemItem(problem, data, resolve);
    const key = `${item.pointer}\n${item.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      items.push(item);
    }
  }
  return items.length > 0 ? items : [{ pointer: '', message: 'does not match the schema' }];
}

/** Every problem of a body that the generated validator refused, first the one it found. */
export function bodyProblems(kind: Kind, data: unknown): ProblemItem[] {
  const { schema, validate } = VALIDATORS[kind];
  const first = validate.errors?.[0];
  const all = lister(schema);
  all(data);
  return problemItems([...(first ? [first] : []), ...((all.errors ?? []) as ValidationProblem[])], data);
}
