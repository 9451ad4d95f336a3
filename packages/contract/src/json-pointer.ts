// JSON pointers (RFC 6901): a key as one segment, and where a schema problem lies.
import type { ValidationProblem } from './artifacts.ts';

/** A key as a JSON pointer segment: `~` and `/` escaped. */
export const pointerSegment = (key: string | number): string => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Where a problem of the generated validators lies, and what it is, as a reader wants it: a missing
 * or unknown field at the field itself, a discriminator at its tag, anything else at the value.
 * `message` is undefined where the validator's own message is the best there is.
 */
export function problemLocation(problem: ValidationProblem): { pointer: string; message: string | undefined } {
  const params = problem.params as Record<string, unknown>;
  const at = (key: unknown) => `${problem.instancePath}/${pointerSegment(String(key))}`;
  switch (problem.keyword) {
    case 'required':
      return { pointer: at(params.missingProperty), message: 'is required' };
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return {
        pointer: at(params.additionalProperty ?? params.unevaluatedProperty),
        message: 'is not a field of this object',
      };
    case 'discriminator':
      return { pointer: at(params.tag), message: problem.message ?? 'has no allowed value' };
    default:
      return { pointer: problem.instancePath, message: undefined };
  }
}

/** The first problem a generated validator found, as where it lies and what is wrong there. */
export function firstProblem(problem: ValidationProblem | undefined): { pointer: string; message: string } {
  if (!problem) return { pointer: '', message: 'is not valid' };
  const located = problemLocation(problem);
  return { pointer: located.pointer, message: located.message ?? problem.message ?? 'is not valid' };
}
