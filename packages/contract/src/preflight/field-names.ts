// How a field name of the setup file (required_fields) is read onto the shipment body: the
// specification does not say, so a name is read only where it matches exactly one field of the body
// as specified, as a dotted path (receiver.email) or with `_` for `.` (receiver_email).

/** The fields of the shipment body as the specification lists them (section 2.3), as paths. */
const SHIPMENT_FIELD_PATHS: readonly string[] = [
  'own_agreement',
  'product_code',
  'service_codes',
  'reference',
  'sender',
  'receiver',
  'parcels',
  'partner_id',
  ...['name', 'address1', 'zipcode', 'city', 'country_code'].map((field) => `sender.${field}`),
  ...['name', 'address1', 'zipcode', 'city', 'country_code', 'email'].map((field) => `receiver.${field}`),
];

const KNOWN = new Set(SHIPMENT_FIELD_PATHS);

/** How a name was read: as it is, as a dotted path, or with `_` for `.`. */
export interface FieldReading {
  name: string;
  /** The path of the body the name was read as, such as receiver.email. */
  path: string;
  how: 'as written' | 'as a dotted path' | 'with _ for .';
}

/**
 * The field of the body `name` stands for, when exactly one reading fits; undefined otherwise. With
 * `exactNames`, only a name that is a field as written is read.
 */
export function readFieldName(name: string, exactNames = false): FieldReading | undefined {
  if (KNOWN.has(name) && !name.includes('.')) return { name, path: name, how: 'as written' };
  if (exactNames) return undefined;
  if (name.includes('.')) return KNOWN.has(name) ? { name, path: name, how: 'as a dotted path' } : undefined;
  const readings = [...name.matchAll(/_/g)]
    .map((match) => `${name.slice(0, match.index)}.${name.slice(match.index + 1)}`)
    .filter((path) => KNOWN.has(path));
  return readings.length === 1 ? { name, path: readings[0]!, how: 'with _ for .' } : undefined;
}

/** Whether the body gives a value at `path` (a dotted path of readFieldName). */
export function valueAt(body: Record<string, unknown>, path: string): unknown {
  let value: unknown = body;
  for (const key of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
