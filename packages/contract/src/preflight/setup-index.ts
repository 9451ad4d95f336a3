// An index of a carrier setup file, built once, that answers in constant time what a route offers:
// the products for a sender and receiver country pair, a product by its code, the country
// combination of a product for a pair, and the services of that combination.
import type { components } from '../artifacts.ts';

type CarrierSetupFile = components['schemas']['CarrierSetupFile'];

type Carrier = CarrierSetupFile[number];
type Product = Carrier['products'][number];
type CountryCombination = Product['country_combinations'][number];
type AvailableService = CountryCombination['available_services'][number];
type RequiredService = CountryCombination['required_services'][number];

/** A product with where it lives in the file. */
export interface IndexedProduct {
  carrier: Carrier;
  product: Product;
  /** JSON pointer of the product in the setup file, such as `/0/products/1`. */
  pointer: string;
}

/** A country combination with where it lives in the file. */
export interface IndexedCombination extends IndexedProduct {
  combination: CountryCombination;
  /** JSON pointer of the combination in the setup file. */
  combinationPointer: string;
}

export interface IndexedService {
  service: AvailableService | RequiredService;
  required: boolean;
  /** JSON pointer of the service in the setup file. */
  pointer: string;
}

export interface CombinationServices {
  required: IndexedService[];
  available: IndexedService[];
  /** Every service of the combination by code; a code listed twice keeps its first entry. */
  byCode: ReadonlyMap<string, IndexedService>;
}

export interface RouteCarrier {
  carrier: Carrier;
  products: IndexedCombination[];
}

export interface CarrierSetupIndex {
  readonly file: CarrierSetupFile;
  /** The products offered from one country to another, grouped by carrier in file order. */
  routes(route: { from: string; to: string }): RouteCarrier[];
  /** The product of that code; when the file lists the code more than once, the first. */
  product(code: string): IndexedProduct | undefined;
  /** Every product of that code, in file order (more than one only when the file repeats a code). */
  products(code: string): readonly IndexedProduct[];
  /**
   * The country combination of a product for a pair of countries; when the file lists the product
   * code more than once, that of the first product of the code that has the pair.
   */
  combination(productCode: string, from: string, to: string): IndexedCombination | undefined;
  /** The services of a product's country combination, required and available. */
  services(productCode: string, from: string, to: string): CombinationServices | undefined;
  /** Whether a service code appears anywhere in the file. */
  hasServiceCode(code: string): boolean;
  /** Every sender and receiver country pair of the file, as `FROM|TO`. */
  routeKeys(): IterableIterator<string>;
}

const INDEX = Symbol('carrierSetupIndex');

const key = (...parts: string[]) => parts.join('|');

/**
 * Builds the index of a carrier setup file that keeps the contract (the client's carrierSetupIndex
 * and the sandbox validate it first): the file is not checked again here.
 */
export function indexCarrierSetup(setup: CarrierSetupFile): CarrierSetupIndex {
  const products = new Map<string, IndexedProduct[]>();
  const combinations = new Map<string, IndexedCombination>();
  const services = new Map<string, CombinationServices>();
  const routes = new Map<string, RouteCarrier[]>();
  const serviceCodes = new Set<string>();

  setup.forEach((carrier, c) => {
    carrier.products.forEach((product, p) => {
      const pointer = `/${c}/products/${p}`;
      const entry: IndexedProduct = { carrier, product, pointer };
      const same = products.get(product.code);
      if (same) same.push(entry);
      else products.set(product.code, [entry]);
      product.country_combinations.forEach((combination, k) => {
        const pair = key(combination.sender_country_code, combination.receiver_country_code);
        const combinationKey = key(product.code, pair);
        const indexed: IndexedCombination = {
          ...entry,
          combination,
          combinationPointer: `${pointer}/country_combinations/${k}`,
        };
        // The first combination for a pair, of the first product of the code that has one, answers lookups.
        if (!combinations.has(combinationKey)) {
          combinations.set(combinationKey, indexed);
          services.set(combinationKey, servicesOf(combination, indexed.combinationPointer));
        }
        for (const service of [...combination.required_services, ...combination.available_services])
          serviceCodes.add(service.code);
        let byCarrier = routes.get(pair);
        if (!byCarrier) {
          byCarrier = [];
          routes.set(pair, byCarrier);
        }
        let group = byCarrier.at(-1);
        if (group?.carrier !== carrier) {
          group = { carrier, products: [] };
          byCarrier.push(group);
        }
        group.products.push(indexed);
      });
    });
  });

  const index: CarrierSetupIndex = {
    file: setup,
    routes: ({ from, to }) => routes.get(key(from, to)) ?? [],
    product: (code) => products.get(code)?.[0],
    products: (code) => products.get(code) ?? [],
    combination: (code, from, to) => combinations.get(key(code, from, to)),
    services: (code, from, to) => services.get(key(code, from, to)),
    hasServiceCode: (code) => serviceCodes.has(code),
    routeKeys: () => routes.keys(),
  };
  Object.defineProperty(index, INDEX, { value: true });
  return Object.freeze(index);
}

function servicesOf(combination: CountryCombination, pointer: string): CombinationServices {
  const byCode = new Map<string, IndexedService>();
  const list = (entries: (AvailableService | RequiredService)[], required: boolean, name: string) =>
    entries.map((service, s) => {
      const indexed: IndexedService = { service, required, pointer: `${pointer}/${name}/${s}` };
      if (!byCode.has(service.code)) byCode.set(service.code, indexed);
      return indexed;
    });
  // Required services first: a code listed both ways is required.
  const required = list(combination.required_services, true, 'required_services');
  const available = list(combination.available_services, false, 'available_services');
  return { required, available, byCode };
}

/** Whether a value is an index made by indexCarrierSetup. */
export function isCarrierSetupIndex(value: unknown): value is CarrierSetupIndex {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[INDEX] === true;
}
