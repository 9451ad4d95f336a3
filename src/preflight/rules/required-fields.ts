// Rule: the fields named in required_fields, of the country combination and of each service used, are
// given on the shipment body; a name that is no field of the body as specified is left unchecked.
import { pointerSegment } from '../../contract/json-pointer.ts';
import type { IndexedCombination, IndexedService } from '../setup-index.ts';
import { type Body, given } from '../shipment-body.ts';
import type { Findings, ShipmentProblem, UncheckedItem } from '../types.ts';

/** The shipment body's fields, as the specification lists them (section 2.3). */
export const SHIPMENT_FIELDS: ReadonlySet<string> = new Set([
  'own_agreement',
  'product_code',
  'service_codes',
  'reference',
  'sender',
  'receiver',
  'parcels',
  'partner_id',
]);

export function checkRequiredFields(body: Body, found: IndexedCombination, used: readonly IndexedService[]): Findings {
  const required = requiredBy(found, used);
  const unchecked = required.filter(({ name }) => !SHIPMENT_FIELDS.has(name)).map(fieldNameOpen);
  const problems = required
    .filter(({ name }) => SHIPMENT_FIELDS.has(name) && !given(body[name]))
    .map(
      ({ name, source }): ShipmentProblem => ({
        pointer: `/${pointerSegment(name)}`,
        code: 'REQUIRED_FIELD_MISSING',
        message: `${name} is required by ${source} and is not given.`,
        setupPointer: source,
      }),
    );
  return { problems, unchecked };
}

/** Each required field name once, with the first required_fields that names it: the combination's, then each service's. */
function requiredBy(found: IndexedCombination, used: readonly IndexedService[]): { name: string; source: string }[] {
  const sources: [string[], string][] = [
    [found.combination.required_fields, `${found.combinationPointer}/required_fields`],
  ];
  for (const service of used) sources.push([service.service.required_fields, `${service.pointer}/required_fields`]);
  const first = new Map<string, string>();
  for (const [names, source] of sources) {
    for (const name of names) if (!first.has(name)) first.set(name, source);
  }
  return [...first].map(([name, source]) => ({ name, source }));
}

function fieldNameOpen({ name, source }: { name: string; source: string }): UncheckedItem {
  return {
    code: 'FIELD_NAME_OPEN',
    what: `the required field ${name}`,
    reason: `${name} is not a field of the shipment body as specified, and how such names map onto the body (${name} or a nested field) is not specified`,
    setupPointer: source,
  };
}
