// How `setup diff` compares the fields of an entry, as the specification (2.2) gives them meaning:
// - a value (a name, a flag, a note): equal or not;
// - a list of names or customer numbers (required_fields, optional_fields, the parcel and
//   dangerous-goods field lists, available_customer_numbers): a set. The specification says what the
//   names are (the fields that must or may be given, the numbers usable), not that their order means
//   anything, so an order or a name written twice is no change;
// - package_types and allowed_incoterms, whose element shape is not specified: a list whose order
//   means nothing, each element compared as a JSON value (an element listed twice counts twice);
// - a field the specification does not list (whether there may be any is not specified): a JSON value,
//   object keys in any order, arrays in order, since what their order means is not known.
import type { ChangeKind, SetupChange } from './changes.ts';

type Comparison = 'value' | 'set' | 'list';

interface EntryFields {
  /** The fields compared here, and how (`how[i]` for `names[i]`). */
  names: readonly string[];
  how: readonly Comparison[];
  /** Every field the specification lists: those compared here, and those the diff keys by or walks into. */
  listed: ReadonlySet<string>;
}

const entry = (keys: string[], fields: Record<string, Comparison>): EntryFields => ({
  names: Object.keys(fields),
  how: Object.values(fields),
  listed: new Set([...keys, ...Object.keys(fields)]),
});

export const FIELDS = {
  carrier: entry(['code', 'products'], { name: 'value' }),
  // service_point_product is a move of its own (diff.ts).
  product: entry(['code', 'service_point_product', 'country_combinations'], { name: 'value' }),
  route: entry(['sender_country_code', 'receiver_country_code', 'available_services', 'required_services'], {
    platform_agreement_available: 'value',
    own_agreement_available: 'value',
    available_customer_numbers: 'set',
    customs_declaration_required: 'value',
    required_fields: 'set',
    optional_fields: 'set',
    required_parcel_fields: 'set',
    optional_parcel_fields: 'set',
    optional_dg_fields: 'set',
    package_types: 'list',
    allowed_incoterms: 'list',
  }),
  service: entry(['code'], {
    name: 'value',
    required_fields: 'set',
    optional_fields: 'set',
    own_agreement_required: 'value',
    note: 'value',
  }),
} as const;

/** A JSON value as text, object keys sorted: equal texts, equal values. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(record[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sameValue = (a: unknown, b: unknown) =>
  a === b ||
  (typeof a === 'object' && typeof b === 'object' && a !== null && b !== null && canonical(a) === canonical(b));

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** What a list of names gained and lost, as sets; undefined when the sets are equal. */
/** Whether every name of `a` is in `b`. */
function within(a: readonly string[], b: readonly string[]): boolean {
  for (const name of a) if (!b.includes(name)) return false;
  return true;
}

/** What a list of names gained and lost, as sets; undefined when the sets are equal. */
function setDelta(old: readonly string[], next: readonly string[]) {
  // Most lists are a few names, the same, perhaps in another order: compared without making sets.
  if (old.length <= 8 && next.length <= 8 && within(old, next) && within(next, old)) return undefined;
  const before = new Set(old);
  const after = new Set(next);
  const added = [...after].filter((name) => !before.has(name)).sort(byText);
  const removed = [...before].filter((name) => !after.has(name)).sort(byText);
  return added.length + removed.length > 0 ? { added, removed } : undefined;
}

/** What a list of JSON values gained and lost, order aside, each value as often as it is listed. */
function listDelta(old: readonly unknown[], next: readonly unknown[]) {
  if (old.length === 0 && next.length === 0) return undefined;
  const counts = new Map<string, { value: unknown; count: number }>();
  for (const value of old) {
    const key = canonical(value);
    const seen = counts.get(key);
    if (seen) seen.count += 1;
    else counts.set(key, { value, count: 1 });
  }
  const added: [string, unknown][] = [];
  for (const value of next) {
    const key = canonical(value);
    const seen = counts.get(key);
    if (seen && seen.count > 0) seen.count -= 1;
    else added.push([key, value]);
  }
  const removed = [...counts].flatMap(([key, { value, count }]) => Array.from({ length: count }, () => [key, value]));
  const sorted = (entries: [string, unknown][]) => entries.sort(([a], [b]) => byText(a, b)).map(([, value]) => value);
  return added.length + removed.length > 0
    ? { added: sorted(added), removed: sorted(removed as [string, unknown][]) }
    : undefined;
}

/** The change of one field whose values differ as JavaScript values, if they differ as the field's values. */
function fieldChange(
  how: Comparison,
  field: string,
  old: Record<string, unknown>,
  next: Record<string, unknown>,
): Omit<SetupChange, 'kind' | 'path'> | undefined {
  const a = old[field];
  const b = next[field];
  let delta: { added: unknown[]; removed: unknown[] } | undefined;
  if (how === 'value' || !Array.isArray(a) || !Array.isArray(b)) {
    if (sameValue(a, b)) return undefined;
  } else {
    delta = how === 'set' ? setDelta(a as string[], b as string[]) : listDelta(a, b);
    if (!delta) return undefined;
  }
  // `old` or `new` left out where that side has no such field.
  return { field, ...(field in old ? { old: a } : {}), ...(field in next ? { new: b } : {}), ...delta };
}

/** Where compareFields reports a change it finds: the walk adds the path. */
export type Found = (kind: ChangeKind, change: Omit<SetupChange, 'kind' | 'path'>) => unknown;

/** Reports a change of `kind` for each field of `spec` that differs, and each field the specification does not list. */
export function compareFields(found: Found, kind: ChangeKind, spec: EntryFields, old: object, next: object): void {
  const a = old as Record<string, unknown>;
  const b = next as Record<string, unknown>;
  for (let i = 0; i < spec.names.length; i += 1) {
    const field = spec.names[i]!;
    // The same string, flag or list: no change (most fields of most entries).
    if (a[field] === b[field]) continue;
    const change = fieldChange(spec.how[i]!, field, a, b);
    if (change) found(kind, change);
  }
  // The fields the specification does not list: those of OLD, then those only NEW has.
  for (const field in a) {
    if (spec.listed.has(field)) continue;
    const change = fieldChange('value', field, a, b);
    if (change) found(kind, change);
  }
  for (const field in b) if (!spec.listed.has(field) && !(field in a)) found(kind, fieldChange('value', field, a, b)!);
}
