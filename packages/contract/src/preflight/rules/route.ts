// Rule: the product has a country combination for sender.country_code → receiver.country_code, the
// combination the later rules check the shipment against.
import type { CarrierSetupIndex, CombinationServices, IndexedCombination, IndexedProduct } from '../setup-index.ts';
import { type Body, isObject } from '../shipment-body.ts';
import type { Findings, ShipmentProblem, UncheckedItem } from '../types.ts';
import { ambiguousProduct, type ProductOfCode } from './product.ts';

/** The country combination a shipment is checked against, with its services. */
export interface Route {
  found: IndexedCombination;
  services: CombinationServices;
}

export interface RouteFindings extends Findings {
  /** The combination of the shipment's countries; absent when there is none to check the rest against. */
  route?: Route;
}

/** A country combination as the messages name it: product, countries, carrier and where it is in the file. */
export const combinationName = (c: IndexedCombination): string =>
  `${c.product.code} ${c.combination.sender_country_code} → ${c.combination.receiver_country_code} (${c.carrier.name}, ${c.combinationPointer})`;

export function checkRoute(body: Body, index: CarrierSetupIndex, product: ProductOfCode): RouteFindings {
  const { code, products } = product;
  const from = isObject(body.sender) ? body.sender.country_code : undefined;
  const to = isObject(body.receiver) ? body.receiver.country_code : undefined;
  if (typeof from !== 'string' || typeof to !== 'string') {
    return { problems: [], unchecked: [...ambiguousProduct(product, products[0]!.pointer), noCountry(code, from, to)] };
  }
  const found = index.combination(code, from, to);
  const unchecked = ambiguousProduct(product, found?.pointer ?? products[0]!.pointer);
  if (!found) return { problems: [noCombination(code, products[0]!, from, to)], unchecked };
  return { problems: [], unchecked, route: { found, services: index.services(code, from, to)! } };
}

function noCountry(code: string, from: unknown, to: unknown): UncheckedItem {
  const missing = [typeof from !== 'string' && 'sender.country_code', typeof to !== 'string' && 'receiver.country_code']
    .filter(Boolean)
    .join(' and ');
  return {
    code: 'NO_COUNTRY',
    pointer: typeof to !== 'string' ? '/receiver/country_code' : '/sender/country_code',
    what: 'the country combination, the agreement, the services and the required fields',
    reason: `the shipment gives no ${missing}, so no country combination of ${code} can be chosen`,
  };
}

function noCombination(
  code: string,
  { product, carrier, pointer }: IndexedProduct,
  from: string,
  to: string,
): ShipmentProblem {
  const offered = product.country_combinations
    .map((c) => `${c.sender_country_code} → ${c.receiver_country_code}`)
    .join(', ');
  return {
    pointer: '/receiver/country_code',
    code: 'NO_COUNTRY_COMBINATION',
    message: `Product ${code} (${carrier.name}, ${pointer}) has no country combination ${from} → ${to}; it offers ${offered}.`,
    setupPointer: pointer,
  };
}
