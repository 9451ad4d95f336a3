// Rule: the fields named in required_fields, of the country combination and of each service used, are
// given on the shipment body; a name that is no field of the body as specified is left unchecked.
import { pointerSegment } from '../../json-pointer.ts';
import { type FieldReading, readFieldName, valueAt } from '../field-names.ts';
import type { IndexedCombination, IndexedService } from '../setup-index.ts';
import type { Body } from '../shipment-body.ts';
import type { Findings, ShipmentProblem, UncheckedItem } from '../types.ts';

export function checkRequiredFields(
  body: Body,
  found: IndexedCombination,
  used: readonly IndexedService[],
  exactNames = false,
): Findings & { readings: FieldReading[] } {
  const required = requiredBy(found, used).map((entry) => ({
    ...entry,
    reading: readFieldName(entry.name, exactNames),
  }));
  const unchecked = required.filter(({ reading }) => !reading).map(fieldNameOpen);
  const problems = required
    // A null is given, of another type: the SCHEMA problem's alone (no field of ShipmentCreate may be null).
    .filter(({ reading }) => reading && valueAt(body, reading.path) === undefined)
    .map(
      ({ name, source, reading }): ShipmentProblem => ({
        pointer: `/${reading!.path.split('.').map(pointerSegment).join('/')}`,
        code: 'REQUIRED_FIELD_MISSING',
        message: `${name}${readAs(reading!)} is required by ${source} and is not given.`,
        setupPointer: source,
      }),
    );
  const readings = required.flatMap(({ reading }) => (reading && reading.how !== 'as written' ? [reading] : []));
  return { problems, unchecked, readings };
}

/** How a name was read, where not as written: " (read with _ for .: receiver.email)". */
const readAs = ({ how, path }: FieldReading): string => (how === 'as written' ? '' : ` (read ${how}: ${path})`);

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

/** Why a required field name is left unchecked, after the name. */
const NO_FIELD =
  'is no field of the shipment body as specified, read as written, as a dotted path or with _ for . (or names are read as written only, --exact-names); how such names map onto the body is not specified';

function fieldNameOpen({ name, source }: { name: string; source: string }): UncheckedItem {
  return {
    code: 'FIELD_NAME_OPEN',
    what: `the required field ${name}`,
    reason: `${name} ${NO_FIELD}`,
    setupPointer: source,
  };
}
