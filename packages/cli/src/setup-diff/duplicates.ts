// The keys of a carrier setup file that `setup diff` needs once each: a carrier code in the file, a
// product code in its carrier, a sender and receiver country pair in its product (the specification:
// one country combination per pair), a service code in a combination's available_services and in its
// required_services. A key written twice is a problem of the file: the diff does not guess which of
// the two is meant.
import type { CarrierSetupFile } from 'shipping-api-v3-client';

export interface DuplicateKey {
  /** JSON pointer of the second entry with the key. */
  pointer: string;
  /** JSON pointer of the first. */
  first: string;
  /** What is repeated, such as `the product code "dp_parcel" of carrier demopost`. */
  what: string;
}

/** The position of the first entry whose key an earlier entry has, and of that earlier one. */
function repeated<T>(
  entries: readonly T[],
  same: (a: T, b: T) => boolean,
  key: (entry: T) => string,
): [number, number] | undefined {
  // Most lists are short (a combination's services, a product's routes): compared pair by pair,
  // making nothing.
  if (entries.length <= 8) {
    for (let i = 1; i < entries.length; i += 1)
      for (let j = 0; j < i; j += 1) if (same(entries[i]!, entries[j]!)) return [i, j];
    return undefined;
  }
  const seen = new Map<string, number>();
  for (let i = 0; i < entries.length; i += 1) {
    const k = key(entries[i]!);
    const j = seen.get(k);
    if (j !== undefined) return [i, j];
    seen.set(k, i);
  }
  return undefined;
}

const sameCode = (a: { code: string }, b: { code: string }) => a.code === b.code;
const codeKey = (entry: { code: string }) => entry.code;
const SERVICE_LISTS = ['required_services', 'available_services'] as const;

type Combination = CarrierSetupFile[number]['products'][number]['country_combinations'][number];

function inCombination(combination: Combination, at: string): DuplicateKey | undefined {
  for (const list of SERVICE_LISTS) {
    const services = combination[list];
    const twice = repeated(services, sameCode, codeKey);
    if (twice) {
      const [i, j] = twice;
      const route = `${combination.sender_country_code} → ${combination.receiver_country_code}`;
      const what = `the service code ${JSON.stringify(services[i]!.code)} in ${list} of ${route}`;
      return { pointer: `${at}/${list}/${i}`, first: `${at}/${list}/${j}`, what };
    }
  }
  return undefined;
}

function inProduct(product: CarrierSetupFile[number]['products'][number], at: string): DuplicateKey | undefined {
  const combinations = product.country_combinations;
  const twice = repeated(
    combinations,
    (a, b) => a.sender_country_code === b.sender_country_code && a.receiver_country_code === b.receiver_country_code,
    (c) => `${c.sender_country_code}|${c.receiver_country_code}`,
  );
  if (twice) {
    const [i, j] = twice;
    const c = combinations[i]!;
    const what = `the country combination ${c.sender_country_code} → ${c.receiver_country_code} of product ${product.code}`;
    return { pointer: `${at}/country_combinations/${i}`, first: `${at}/country_combinations/${j}`, what };
  }
  for (let k = 0; k < combinations.length; k += 1) {
    const found = inCombination(combinations[k]!, `${at}/country_combinations/${k}`);
    if (found) return found;
  }
  return undefined;
}

/** The first key of the file written twice, carriers first, then each carrier in file order; undefined when none is. */
export function duplicateKey(file: CarrierSetupFile): DuplicateKey | undefined {
  const carriers = repeated(file, sameCode, codeKey);
  if (carriers) {
    const [i, j] = carriers;
    return { pointer: `/${i}`, first: `/${j}`, what: `the carrier code ${JSON.stringify(file[i]!.code)}` };
  }
  for (let c = 0; c < file.length; c += 1) {
    const { code, products } = file[c]!;
    const twice = repeated(products, sameCode, codeKey);
    if (twice) {
      const [i, j] = twice;
      const what = `the product code ${JSON.stringify(products[i]!.code)} of carrier ${code}`;
      return { pointer: `/${c}/products/${i}`, first: `/${c}/products/${j}`, what };
    }
    for (let p = 0; p < products.length; p += 1) {
      const found = inProduct(products[p]!, `/${c}/products/${p}`);
      if (found) return found;
    }
  }
  return undefined;
}
