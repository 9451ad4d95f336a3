// One validator compiler for every route's body, and what a refusal lists. A schema of the contract
// (the creations) is checked by the contract's generated standalone validator, and a body it refuses
// again by an Ajv that lists every problem; a schema of the sandbox's own document (the /_sandbox
// routes) by an Ajv of that document that lists every problem, verbose so that a problem can name
// the fields of the object at fault, and fills in the defaults it states. Each sandbox makes its own
// Ajvs, on first use.
import type { FastifySchemaCompiler } from 'fastify';
import * as contract from 'shipping-api-v3-contract';
import { problemItems } from './problem-items.ts';
import { contractAjv, DOCUMENT_ID } from '../contract-ajv.ts';
import type { ProblemItem } from './problems.ts';
import { SANDBOX_DOCUMENT, SANDBOX_DOCUMENT_ID } from '../routes/document.ts';

/** A route's body schema: a $ref into the contract (absolute) or into the sandbox's document (#/…). */
type BodySchema = { $ref: string };

/** The $ref of a schema of the contract's components, as a creation's route names its body. */
export const contractSchema = (name: string): BodySchema => ({ $ref: `${DOCUMENT_ID}#/components/schemas/${name}` });

export interface BodyValidation {
  compile: FastifySchemaCompiler<unknown>;
  /** The problems of a body that a route's schema refused, each once, with its JSON pointer. */
  problems(problems: contract.ValidationProblem[], data: unknown): ProblemItem[];
}

/**
 * The contract bodies are checked against: the generated validators by schema name, and the bundle
 * their problems are listed from. The contract package's by default; a server that follows the
 * contract as it is edited (`npm run dev`) gives the one it last built, asked at each check.
 */
export interface SandboxContract {
  validators: Readonly<Record<string, unknown>>;
  bundle: unknown;
}

const PACKAGED: SandboxContract = {
  validators: contract as unknown as Record<string, unknown>,
  get bundle() {
    return contract.bundle();
  },
};

export function bodyValidation(contractOf: () => SandboxContract = () => PACKAGED): BodyValidation {
  let listing: { bundle: unknown; ajv: ReturnType<typeof contractAjv> } | undefined;
  let sandbox: ReturnType<typeof contractAjv> | undefined;
  const generated = (name: string) => {
    const standalone = contractOf().validators[name];
    if (typeof standalone !== 'function') throw new Error(`The contract has no generated validator of ${name}.`);
    return standalone as contract.Validator<unknown>;
  };
  const fromContract = (ref: string) => {
    const name = ref.split('/').pop()!;
    generated(name);
    const validate = (data: unknown): boolean => {
      const standalone = generated(name);
      if (standalone(data)) return true;
      const { bundle } = contractOf();
      // One all-errors Ajv per bundle: made again only when the contract given is another one.
      if (listing === undefined || listing.bundle !== bundle) {
        const ajv = contractAjv(bundle as Parameters<typeof contractAjv>[0], { strict: false, allErrors: true });
        listing = { bundle, ajv };
      }
      const all = listing.ajv.getSchema(ref)!;
      all(data);
      // The generated validator's first problem first: it is the one its own message would name.
      validate.errors = [
        ...(standalone.errors?.slice(0, 1) ?? []),
        ...((all.errors ?? []) as contract.ValidationProblem[]),
      ];
      return false;
    };
    validate.errors = [] as contract.ValidationProblem[];
    return validate;
  };
  const fromDocument = (ref: string) => {
    sandbox ??= contractAjv(
      SANDBOX_DOCUMENT,
      { allErrors: true, useDefaults: true, verbose: true },
      SANDBOX_DOCUMENT_ID,
    );
    const validate = sandbox.getSchema(`${SANDBOX_DOCUMENT_ID}${ref}`);
    if (!validate) throw new Error(`The sandbox's document has no schema at ${ref}.`);
    return validate;
  };
  const compile: FastifySchemaCompiler<BodySchema> = ({ schema }) =>
    schema.$ref.startsWith(DOCUMENT_ID) ? fromContract(schema.$ref) : fromDocument(schema.$ref);
  return {
    compile: compile as FastifySchemaCompiler<unknown>,
    problems: (problems, data) =>
      problemItems(problems, data, (ref) => sandbox?.getSchema(`${SANDBOX_DOCUMENT_ID}${ref}`)?.schema as object),
  };
}
