// The changes between two carrier setup files, keyed by code and never by array index: carriers by
// code, a carrier's products by code, a product's country combinations (its routes) by sender and
// receiver country, a combination's available and required services by code. Both files are valid
// and keep each key once (duplicates.ts): the diff walks them in step, level by level, and compares
// each field as the specification gives it meaning (fields.ts). The changes come sorted by their path,
// so that the same two setups give the same list whatever the order of their arrays.
//
// A 30 MB file has tens of thousands of country combinations and services, nearly all unchanged: the
// walk makes no object for an entry that has not changed (a path is made once a change is found), so
// that it leaves the garbage collector, busy with the two files just parsed, little to do.
import type { CarrierSetupFile } from 'shipping-api-v3-client';
import type { Carrier, ChangeKind, ChangePath, Combination, Entry, Product, Service, SetupChange } from './changes.ts';
import { compareFields, FIELDS } from './fields.ts';

const routeKey = (c: Combination) => `${c.sender_country_code}|${c.receiver_country_code}`;
const sameRoute = (a: Combination, b: Combination) =>
  a.sender_country_code === b.sender_country_code && a.receiver_country_code === b.receiver_country_code;
const codeKey = (entry: { code: string }) => entry.code;
const sameCode = (a: { code: string }, b: { code: string }) => a.code === b.code;

/**
 * The entries of two lists paired by key, in the order of `after`, as [old, new, old, new, …] with
 * `null` for the side that lacks one; undefined when the lists have the same keys in the same order
 * (most lists, from one file to the next), to be paired by position.
 */
function pairs<T>(
  before: readonly T[],
  after: readonly T[],
  same: (a: T, b: T) => boolean,
  key: (entry: T) => string,
): (T | null)[] | undefined {
  let aligned = before.length === after.length;
  for (let i = 0; aligned && i < before.length; i += 1) aligned = same(before[i]!, after[i]!);
  if (aligned) return undefined;
  const out: (T | null)[] = [];
  const old = new Map<string, T>();
  for (const entry of before) old.set(key(entry), entry);
  for (const entry of after) {
    const k = key(entry);
    out.push(old.get(k) ?? null, entry);
    old.delete(k);
  }
  for (const entry of old.values()) out.push(entry, null);
  return out;
}

/** How many pairs there are, and the old and new entry of pair `i`. */
const count = <T>(both: (T | null)[] | undefined, before: readonly T[]) => (both ? both.length / 2 : before.length);
const oldOf = <T>(both: (T | null)[] | undefined, before: readonly T[], i: number) =>
  both ? both[2 * i]! : before[i]!;
const newOf = <T>(both: (T | null)[] | undefined, after: readonly T[], i: number) =>
  both ? both[2 * i + 1]! : after[i]!;

/**
 * The walk of two files, pushing each change it finds. Where it is (carrier, product, route,
 * service) is kept in `at`; a change gets a copy of as much of it as its kind needs. Nothing is made
 * for an entry that has not changed.
 */
class SetupDiff {
  readonly changes: SetupChange[] = [];
  private readonly at = { carrier: '', product: '', sender: '', receiver: '', service: '' };
  /** Records one change here: given to compareFields once, for every entry. */
  readonly found = (kind: ChangeKind, change: Omit<SetupChange, 'kind' | 'path'>) =>
    this.changes.push({ kind, path: this.path(kind), ...change });

  private path(kind: ChangeKind): ChangePath {
    const { carrier, product, sender, receiver, service } = this.at;
    if (kind.startsWith('carrier-')) return { carrier };
    if (kind.startsWith('product-')) return { carrier, product };
    if (kind.startsWith('route-')) return { carrier, product, sender, receiver };
    return { carrier, product, sender, receiver, service };
  }

  /** An entry added or removed; true when it was, and there is nothing to compare. */
  private entry<T>(entry: Entry, old: T | null, next: T | null): boolean {
    if (old === null) this.found(`${entry}-added`, { new: next });
    else if (next === null) this.found(`${entry}-removed`, { old });
    return old === null || next === null;
  }

  carriers(before: CarrierSetupFile, after: CarrierSetupFile): void {
    const both = pairs(before, after, sameCode, codeKey);
    for (let i = 0; i < count(both, before); i += 1) {
      const old = oldOf(both, before, i);
      const next = newOf(both, after, i);
      this.at.carrier = (next ?? old)!.code;
      if (this.entry('carrier', old, next)) continue;
      compareFields(this.found, 'carrier-changed', FIELDS.carrier, old!, next!);
      this.products(old!, next!);
    }
  }

  private products(before: Carrier, after: Carrier): void {
    const both = pairs(before.products, after.products, sameCode, codeKey);
    for (let i = 0; i < count(both, before.products); i += 1) {
      const old = oldOf(both, before.products, i);
      const next = newOf(both, after.products, i);
      this.at.product = (next ?? old)!.code;
      if (this.entry('product', old, next)) continue;
      if (old!.service_point_product !== next!.service_point_product) {
        const to = next!.service_point_product;
        this.found(to ? 'product-moved-to-service-point' : 'product-moved-from-service-point', {
          field: 'service_point_product',
          old: !to,
          new: to,
        });
      }
      compareFields(this.found, 'product-changed', FIELDS.product, old!, next!);
      this.routes(old!, next!);
    }
  }

  private routes(before: Product, after: Product): void {
    const [a, b] = [before.country_combinations, after.country_combinations];
    const both = pairs(a, b, sameRoute, routeKey);
    for (let i = 0; i < count(both, a); i += 1) {
      const old = oldOf(both, a, i);
      const next = newOf(both, b, i);
      this.at.sender = (next ?? old)!.sender_country_code;
      this.at.receiver = (next ?? old)!.receiver_country_code;
      if (this.entry('route', old, next)) continue;
      compareFields(this.found, 'route-changed', FIELDS.route, old!, next!);
      this.services('required', old!.required_services, next!.required_services);
      this.services('available', old!.available_services, next!.available_services);
    }
  }

  private services(list: 'required' | 'available', before: Service[], after: Service[]): void {
    const both = pairs(before, after, sameCode, codeKey);
    for (let i = 0; i < count(both, before); i += 1) {
      const old = oldOf(both, before, i);
      const next = newOf(both, after, i);
      this.at.service = (next ?? old)!.code;
      if (this.entry(`${list}-service`, old, next)) continue;
      compareFields(this.found, `${list}-service-changed`, FIELDS.service, old!, next!);
    }
  }
}

/** The order of changes at one place: the entry's own, then required services before available ones. */
const LEVEL: Record<ChangeKind, number> = {
  'carrier-added': 0,
  'carrier-removed': 0,
  'carrier-changed': 0,
  'product-added': 0,
  'product-removed': 0,
  'product-moved-to-service-point': 0,
  'product-moved-from-service-point': 0,
  'product-changed': 1,
  'route-added': 0,
  'route-removed': 0,
  'route-changed': 0,
  'required-service-added': 1,
  'required-service-removed': 1,
  'required-service-changed': 1,
  'available-service-added': 2,
  'available-service-removed': 2,
  'available-service-changed': 2,
};

const compareText = (a = '', b = '') => (a < b ? -1 : a > b ? 1 : 0);

/** Sorts changes by carrier, product, route and service, each entry's own changes before those inside it. */
function byPath(a: SetupChange, b: SetupChange): number {
  const p = a.path;
  const q = b.path;
  return (
    compareText(p.carrier, q.carrier) ||
    compareText(p.product, q.product) ||
    compareText(p.sender, q.sender) ||
    compareText(p.receiver, q.receiver) ||
    LEVEL[a.kind] - LEVEL[b.kind] ||
    compareText(p.service, q.service) ||
    compareText(a.field, b.field)
  );
}

/**
 * The changes from `before` to `after`, both valid carrier setup files that keep each key once
 * (`duplicateKey` finds none): entries added and removed, fields changed with their old and new values.
 */
export function diffSetupFiles(before: CarrierSetupFile, after: CarrierSetupFile): SetupChange[] {
  const diff = new SetupDiff();
  diff.carriers(before, after);
  return diff.changes.sort(byPath);
}
