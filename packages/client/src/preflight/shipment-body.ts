// The shipment body as the rules read it: a JSON object, field by field, and whether a field is given.

export type Body = Record<string, unknown>;

export const isObject = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Whether a field has a value: neither absent nor null. */
export const given = (value: unknown): boolean => value !== undefined && value !== null;
