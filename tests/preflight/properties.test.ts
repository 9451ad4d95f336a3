// Properties of the check over generated shipments: it never throws, ok means no problem, and every
// problem's pointer lies in the shipment or names a field the shipment lacks.
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { carrierSetupIndex, checkShipment } from 'shipping-api-v3-client';
import { pointerGet } from 'shipping-api-v3-contract';
import { setupFile, shipment } from '../support/fixtures/preflight.ts';

const index = carrierSetupIndex(setupFile());
const codes = ['np_home', 'np_shop', 'ff_pallet', 'nope'];
const services = ['np_sms', 'np_saturday', 'np_email', 'ff_tail_lift', 'np_sms np_email', ''];
const countries = ['DK', 'SE', 'NO', 'DE', 'FI', 'US'];

const shipments = fc.record(
  {
    own_agreement: fc.oneof(fc.boolean(), fc.jsonValue()),
    product_code: fc.oneof(fc.constantFrom(...codes), fc.jsonValue()),
    service_codes: fc.oneof(fc.constantFrom(...services), fc.jsonValue()),
    reference: fc.string(),
    sender: fc.oneof(fc.record({ country_code: fc.constantFrom(...countries) }, { requiredKeys: [] }), fc.jsonValue()),
    receiver: fc.oneof(
      fc.record({ country_code: fc.constantFrom(...countries), email: fc.string() }, { requiredKeys: [] }),
      fc.jsonValue(),
    ),
    parcels: fc.oneof(
      fc.array(fc.record({ quantity: fc.nat(), weight: fc.double({ noNaN: true }) }, { requiredKeys: [] }), {
        maxLength: 3,
      }),
      fc.jsonValue(),
    ),
  },
  { requiredKeys: [] },
);

/** The value at a JSON pointer, or the parent exists and the last step is missing. */
function reachable(document: unknown, pointer: string): boolean {
  if (pointerGet(document, pointer).found) return true;
  const parent = pointerGet(document, pointer.slice(0, pointer.lastIndexOf('/'))).value;
  return typeof parent === 'object' && parent !== null;
}

it('never throws, keeps ok to "no problem", and points into the shipment', () => {
  fc.assert(
    fc.property(fc.oneof(shipments, fc.jsonValue()), (body) => {
      const result = checkShipment(index, body);
      expect(result.ok).toBe(result.problems.length === 0);
      for (const problem of result.problems) {
        expect(problem.message).not.toBe('');
        expect(reachable(body, problem.pointer), `${problem.code} ${problem.pointer}`).toBe(true);
      }
      for (const item of result.unchecked) expect(item.reason).not.toBe('');
    }),
    { numRuns: 2000 },
  );
});

it('a shipment that passes still passes with fields added that no rule names', () => {
  fc.assert(
    fc.property(
      fc.dictionary(
        fc
          .string()
          .filter(
            (k) =>
              ![
                'own_agreement',
                'product_code',
                'service_codes',
                'sender',
                'receiver',
                'parcels',
                'reference',
                'partner_id',
                '__proto__',
              ].includes(k),
          ),
        fc.jsonValue(),
      ),
      (extra) => {
        expect(checkShipment(index, { ...extra, ...shipment() }).ok).toBe(true);
      },
    ),
  );
});
