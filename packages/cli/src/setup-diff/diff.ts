// The changes between two carrier setup files, keyed by code and never by array index: carriers by
// code, a carrier's products by code, a product's country combinations (its routes) by sender and
// receiver country, a combination's available and required services by code. Both files are valid
// and keep each key once (duplicates.ts): the diff walks them in step, level by level, and compares
// each field as the specification gives it meaning (fields.ts). The changes come sorted by their path,
// so that the same two setups give the same list whatever the order of their arrays.
import type { Carrier, ChangeKind, ChangePath, Combination, Product, Service, SetupChange } from './changes.ts';
import type { CarrierSetupFile } from 'shipping-api-v3-client';
import { compareFields, FIELDS } from './fields.ts';

/** Pairs the entries of two lists by key: `visit` gets both of a key, or the one that has it. */
function pair<T>(
  before: readonly T[],
  after: readonly T[],
  key: (entry: T) => string,
  visit: (old: T | undefined, next: T | undefined) => void,
): void {
  // Most lists keep their order from one file to the next: pair them by position when the keys agree.
  if (before.length === after.length && before.every((entry, i) => key(entry) === key(after[i]!))) {
    for (let i = 0; i < before.length; i += 1) visit(before[i], after[i]);
    return;
  }
  const old = new Map<string, T>();
  for (const entry of before) old.set(key(entry), entry);
  for (const entry of after) {
    const k = key(entry);
    visit(old.get(k), entry);
    old.delete(k);
  }
  for (const entry of old.values()) visit(entry, undefined);
}

/** One change: an entry added, removed, or (with `visit`) present in both and compared. */
function step<T>(
  changes: SetupChange[],
  entry: 'carrier' | 'product' | 'route' | 'available-service' | 'required-service',
  path: (value: T) => ChangePath,
  visit: (old: T, next: T, at: ChangePath) => void,
) {
  return (old: T | undefined, next: T | undefined) => {
    if (old === undefined) changes.push({ kind: `${entry}-added`, path: path(next!), new: next });
    else if (next === undefined) changes.push({ kind: `${entry}-removed`, path: path(old), old });
    else visit(old, next, path(next));
  };
}

const routeKey = (c: Combination) => `${c.sender_country_code}|${c.receiver_country_code}`;
const code = (entry: { code: string }) => entry.code;

function diffServices(changes: SetupChange[], old: Combination, next: Combination, at: ChangePath): void {
  for (const list of ['required', 'available'] as const) {
    const entry = `${list}-service` as const;
    pair<Service>(
      old[`${list}_services`],
      next[`${list}_services`],
      code,
      step(
        changes,
        entry,
        (s) => ({ ...at, service: s.code }),
        (a, b, path) => compareFields(changes, `${entry}-changed`, FIELDS.service, a, b, path),
      ),
    );
  }
}

function diffRoutes(changes: SetupChange[], old: Product, next: Product, at: ChangePath): void {
  pair(
    old.country_combinations,
    next.country_combinations,
    routeKey,
    step(
      changes,
      'route',
      (c) => ({ ...at, sender: c.sender_country_code, receiver: c.receiver_country_code }),
      (a, b, path) => {
        compareFields(changes, 'route-changed', FIELDS.route, a, b, path);
        diffServices(changes, a, b, path);
      },
    ),
  );
}

function diffProduct(changes: SetupChange[], old: Product, next: Product, at: ChangePath): void {
  if (old.service_point_product !== next.service_point_product) {
    const kind: ChangeKind = next.service_point_product
      ? 'product-moved-to-service-point'
      : 'product-moved-from-service-point';
    changes.push({
      kind,
      path: at,
      field: 'service_point_product',
      old: old.service_point_product,
      new: next.service_point_product,
    });
  }
  compareFields(changes, 'product-changed', FIELDS.product, old, next, at);
  diffRoutes(changes, old, next, at);
}

function diffCarrier(changes: SetupChange[], old: Carrier, next: Carrier, at: ChangePath): void {
  compareFields(changes, 'carrier-changed', FIELDS.carrier, old, next, at);
  pair(
    old.products,
    next.products,
    code,
    step(
      changes,
      'product',
      (p) => ({ ...at, product: p.code }),
      (a, b, path) => diffProduct(changes, a, b, path),
    ),
  );
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
  const changes: SetupChange[] = [];
  pair(
    before,
    after,
    code,
    step(
      changes,
      'carrier',
      (c) => ({ carrier: c.code }),
      (a, b, path) => diffCarrier(changes, a, b, path),
    ),
  );
  return changes.sort(byPath);
}
