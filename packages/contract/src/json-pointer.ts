// JSON pointers (RFC 6901): a key as one segment, the keys of a pointer, the value a pointer points
// at, and where a schema problem lies. Every package, dev/ and the tests walk pointers with these.
import type { ValidationProblem } from './artifacts.ts';

/** A key as a JSON pointer segment: `~` and `/` escaped. */
export const pointerSegment = (key: string | number): string => String(key).replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * The keys of a JSON pointer, unescaped (`~1` is `/`, then `~0` is `~`): none for `""`, the whole
 * document. Undefined for text that is no JSON pointer: one that does not start with `/`, or has a
 * `~` followed by anything but `0` or `1`.
 */
export function pointerKeys(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  const segments = pointer.slice(1).split('/');
  if (segments.some((segment) => /~(?![01])/.test(segment))) return undefined;
  return segments.map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** What a JSON pointer finds in a document: `value` is undefined where it finds nothing. */
export type PointerResult = { found: true; value: unknown } | { found: false; value?: undefined };

/**
 * The value at a JSON pointer of a parsed JSON document: each key an own property of an object
 * (never one it inherits, such as `constructor`), or the index of an array item written as RFC 6901
 * writes it (`0`, `12`; not `01`, not `-`). Not found where a key is missing, or a value on the way
 * is no object or array, or the text is no JSON pointer.
 */
export function pointerGet(document: unknown, pointer: string): PointerResult {
  const keys = pointerKeys(pointer);
  if (keys === undefined) return { found: false };
  let value = document;
  for (const key of keys) {
    if (Array.isArray(value)) {
      if (!/^(0|[1-9]\d*)$/.test(key) || Number(key) >= value.length) return { found: false };
    } else if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) {
      return { found: false };
    }
    value = (value as Record<string, unknown>)[key];
  }
  return { found: true, value };
}

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
