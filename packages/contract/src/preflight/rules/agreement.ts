// Rule: the agreement the shipment chooses with own_agreement (the customer's own, or the
// operator's) is available on its country combination.
import type { IndexedCombination } from '../setup-index.ts';
import { type Body, field, isBoolean, OTHER_TYPE } from '../shipment-body.ts';
import type { Findings, ShipmentProblem, UncheckedItem } from '../types.ts';
import { combinationName } from './route.ts';

export function checkAgreement(body: Body, found: IndexedCombination): Findings {
  const own = field(body, 'own_agreement', isBoolean);
  if (own === OTHER_TYPE) return { problems: [], unchecked: [] };
  return {
    problems: unavailable(own, found),
    unchecked: [...noAgreementChosen(own, found), ...customerNumber(own, found)],
  };
}

function unavailable(own: boolean | undefined, found: IndexedCombination): ShipmentProblem[] {
  const setupPointer = found.combinationPointer;
  if (own === true && !found.combination.own_agreement_available) {
    const message = `own_agreement is true, but ${combinationName(found)} has own_agreement_available: false.`;
    return [{ pointer: '/own_agreement', code: 'OWN_AGREEMENT_UNAVAILABLE', message, setupPointer }];
  }
  if (own === false && !found.combination.platform_agreement_available) {
    const name = combinationName(found);
    const message = `own_agreement is false (the operator's agreement), but ${name} has platform_agreement_available: false.`;
    return [{ pointer: '/own_agreement', code: 'PLATFORM_AGREEMENT_UNAVAILABLE', message, setupPointer }];
  }
  return [];
}

function noAgreementChosen(own: boolean | undefined, found: IndexedCombination): UncheckedItem[] {
  if (own !== undefined) return [];
  return [
    {
      code: 'NO_AGREEMENT_CHOSEN',
      pointer: '/own_agreement',
      what: 'the agreement, and the services that need the own agreement',
      reason: 'the shipment gives no own_agreement, and which agreement applies then is not specified',
      setupPointer: found.combinationPointer,
    },
  ];
}

function customerNumber(
  own: boolean | undefined,
  { combination, combinationPointer }: IndexedCombination,
): UncheckedItem[] {
  if (own !== true || !combination.own_agreement_available) return [];
  const numbers = JSON.stringify(combination.available_customer_numbers);
  return [
    {
      code: 'CUSTOMER_NUMBER',
      what: `the customer number of the own agreement (available_customer_numbers: ${numbers})`,
      reason: 'how a shipment gives its customer number is not specified',
      setupPointer: `${combinationPointer}/available_customer_numbers`,
    },
  ];
}
