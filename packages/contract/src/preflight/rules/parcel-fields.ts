// Rule: the fields named in the country combination's required_parcel_fields are given on every
// parcel; a name that is no parcel field as specified, or a shipment without parcels, is left unchecked.
import { pointerSegment } from '../../json-pointer.ts';
import type { IndexedCombination } from '../setup-index.ts';
import { type Body, field, given, isArray, isObject, OTHER_TYPE } from '../shipment-body.ts';
import type { Findings, ShipmentProblem, UncheckedItem } from '../types.ts';

/** A parcel's fields, as the specification lists them. */
const PARCEL_FIELDS: ReadonlySet<string> = new Set(['quantity', 'weight', 'length', 'width', 'height']);

export function checkParcelFields(body: Body, found: IndexedCombination): Findings {
  // A name the file repeats is checked, and reported, once.
  const names = [...new Set(found.combination.required_parcel_fields)];
  const parcels = field(body, 'parcels', isArray) ?? [];
  if (names.length === 0 || parcels === OTHER_TYPE) return { problems: [], unchecked: [] };
  const source = `${found.combinationPointer}/required_parcel_fields`;
  const noParcels: UncheckedItem[] =
    parcels.length > 0
      ? []
      : [
          {
            code: 'NO_PARCELS',
            pointer: '/parcels',
            what: `the required parcel fields ${names.join(', ')}`,
            reason: 'the shipment gives no parcels, and whether parcels are required is not specified',
            setupPointer: source,
          },
        ];
  const open = names
    .filter((name) => !PARCEL_FIELDS.has(name))
    .map(
      (name): UncheckedItem => ({
        code: 'PARCEL_FIELD_NAME_OPEN',
        what: `the required parcel field ${name}`,
        reason: `${name} is not a parcel field as specified, and how such names map onto a parcel is not specified`,
        setupPointer: source,
      }),
    );
  const problems = names
    .filter((name) => PARCEL_FIELDS.has(name))
    .flatMap((name) => missingOnParcels(parcels, name, source));
  return { problems, unchecked: [...noParcels, ...open] };
}

function missingOnParcels(parcels: readonly unknown[], name: string, source: string): ShipmentProblem[] {
  return parcels.flatMap((parcel, i): ShipmentProblem[] => {
    if (isObject(parcel) && given(parcel[name])) return [];
    // A parcel that is no object has no fields: the problem is the parcel itself.
    return [
      {
        pointer: isObject(parcel) ? `/parcels/${i}/${pointerSegment(name)}` : `/parcels/${i}`,
        code: 'REQUIRED_PARCEL_FIELD_MISSING',
        message: `Parcel ${i} has no ${name}, which ${source} requires on every parcel.`,
        setupPointer: source,
      },
    ];
  });
}
