// The shipment body as the rules read it: a JSON object, field by field, and whether a field is given.

export type Body = Record<string, unknown>;

export const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a field has a value: neither absent nor null. */
export const given = (value: unknown): boolean => value !== undefined && value !== null;

/** What `field` gives for a field of another type than the contract's. */
export const OTHER_TYPE = Symbol('another type');

/**
 * A field as a rule reads it: undefined when the body does not give it, its value when it has the
 * contract's type, OTHER_TYPE otherwise (null too: no field of ShipmentCreate may be null). A field of
 * another type is the SCHEMA problem's alone, so the rules say nothing more of it.
 */
export function field<T>(
  body: Body,
  name: string,
  is: (value: unknown) => value is T,
): T | undefined | typeof OTHER_TYPE {
  const value = body[name];
  if (value === undefined) return undefined;
  return is(value) ? value : OTHER_TYPE;
}

export const isString = (value: unknown): value is string => typeof value === 'string';
export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
export const isArray = (value: unknown): value is unknown[] => Array.isArray(value);
