// The contract's generated standalone validators, by name, and their problems as JSON pointers: the
// one validator of the page (no second one is written here).
import { problemLocation } from 'shipping-api-v3-contract/json-pointer';
import * as generated from 'shipping-api-v3-contract/validators';
import type { ValidationProblem, Validator } from 'shipping-api-v3-contract/validators';

export interface Problem {
  /** The JSON pointer of the value at fault ('' for the whole document). */
  pointer: string;
  message: string;
}

const byName = generated as unknown as Record<string, Validator<unknown>>;

/** Whether `data` obeys the named schema of the contract, and if not, what is wrong where. */
export function validate(name: string, data: unknown): Problem[] {
  const validator = byName[name];
  if (!validator) throw new Error(`The contract has no validator ${name}.`);
  if (validator(data)) return [];
  return (validator.errors ?? []).map((problem: ValidationProblem) => {
    const located = problemLocation(problem);
    return { pointer: located.pointer, message: located.message ?? problem.message ?? 'is not valid' };
  });
}
