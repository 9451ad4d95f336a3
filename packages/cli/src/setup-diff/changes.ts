// What `setup diff` reports: one change per entry added or removed and per field changed, each named
// by its path in the setup's own terms (carrier, product, sender and receiver country, service code),
// never by an array index.
import type { CarrierSetupFile } from 'shipping-api-v3-client';

export type Carrier = CarrierSetupFile[number];
export type Product = Carrier['products'][number];
export type Combination = Product['country_combinations'][number];
export type Service = Combination['available_services'][number] | Combination['required_services'][number];

/** The entries a setup file keys by code: a route is a product's country combination. */
export type Entry = 'carrier' | 'product' | 'route' | 'available-service' | 'required-service';

export type ChangeKind =
  | `${Entry}-${'added' | 'removed' | 'changed'}`
  /** service_point_product false → true: the product now delivers to a service point. */
  | 'product-moved-to-service-point'
  /** service_point_product true → false. */
  | 'product-moved-from-service-point';

/** Where a change is: the carrier, then as deep as the entry that changed. */
export interface ChangePath {
  carrier: string;
  product?: string;
  /** The country combination's sender_country_code. */
  sender?: string;
  /** The country combination's receiver_country_code. */
  receiver?: string;
  /** The service code; the kind says whether among available_services or required_services. */
  service?: string;
}

export interface SetupChange {
  kind: ChangeKind;
  path: ChangePath;
  /** The field that changed (kinds ending in -changed, and the moves to and from a service point). */
  field?: string;
  /** The value in OLD: the whole entry for a removal, the field's value for a change; absent when OLD has none. */
  old?: unknown;
  /** The value in NEW, in the same way. */
  new?: unknown;
  /** For a list field: the entries NEW has and OLD has not. */
  added?: unknown[];
  /** For a list field: the entries OLD has and NEW has not. */
  removed?: unknown[];
}
