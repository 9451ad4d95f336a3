// The result of the pre-flight check, its problem and unchecked codes, and what each rule returns
// (its share of the problems and unchecked items).
import type { FieldReading } from './field-names.ts';

export type ShipmentProblemCode =
  /** The body breaks the contract's ShipmentCreate schema (a type, most often). */
  | 'SCHEMA'
  /** product_code is no product of the file. */
  | 'UNKNOWN_PRODUCT'
  /** The product has no country combination for sender.country_code → receiver.country_code. */
  | 'NO_COUNTRY_COMBINATION'
  /** own_agreement: true, and the combination has own_agreement_available: false. */
  | 'OWN_AGREEMENT_UNAVAILABLE'
  /** own_agreement: false, and the combination has platform_agreement_available: false. */
  | 'PLATFORM_AGREEMENT_UNAVAILABLE'
  /** service_codes is a service code of the file, but not one of this combination. */
  | 'SERVICE_NOT_IN_COMBINATION'
  /** A required service of the combination is not given. */
  | 'REQUIRED_SERVICE_MISSING'
  /** A service with own_agreement_required is used with own_agreement: false. */
  | 'SERVICE_NEEDS_OWN_AGREEMENT'
  /** A field named in required_fields (of the combination or of a service used) is not given. */
  | 'REQUIRED_FIELD_MISSING'
  /** A field named in required_parcel_fields is not given on a parcel. */
  | 'REQUIRED_PARCEL_FIELD_MISSING';

export type UncheckedCode =
  /** No product_code: nothing of the setup file applies. */
  | 'NO_PRODUCT_CODE'
  /** No sender or receiver country_code: the country combination cannot be chosen. */
  | 'NO_COUNTRY'
  /** The file lists the product code more than once; the first with the route is checked. */
  | 'AMBIGUOUS_PRODUCT'
  /** No own_agreement: which agreement applies then is not specified. */
  | 'NO_AGREEMENT_CHOSEN'
  /** service_codes is no service code of the file; how several codes are written is not specified. */
  | 'SERVICE_CODES_FORMAT'
  /** A required field name that is not a field of the shipment body as specified (`receiver_email`). */
  | 'FIELD_NAME_OPEN'
  /** A required parcel field name that is not a parcel field as specified. */
  | 'PARCEL_FIELD_NAME_OPEN'
  /** Required parcel fields, and no parcels: whether parcels are required is not specified. */
  | 'NO_PARCELS'
  /** customs_declaration_required: the fields of a customs declaration are not specified. */
  | 'CUSTOMS_DECLARATION'
  /** The own agreement: how a customer number is given on a shipment is not specified. */
  | 'CUSTOMER_NUMBER';

export interface ShipmentProblem {
  /** JSON pointer into the shipment. */
  pointer: string;
  code: ShipmentProblemCode;
  message: string;
  /** JSON pointer of the setup-file entry the rule comes from, when there is one. */
  setupPointer?: string;
}

export interface UncheckedItem {
  code: UncheckedCode;
  /** JSON pointer into the shipment, when the item is about one place. */
  pointer?: string;
  /** What was not checked. */
  what: string;
  /** Why not. */
  reason: string;
  setupPointer?: string;
}

export interface ShipmentCheck {
  /** true when no problem was found; `unchecked` may still list what could not be checked. */
  ok: boolean;
  problems: ShipmentProblem[];
  unchecked: UncheckedItem[];
  /** JSON pointer of the country combination checked against, when one was found. */
  combination?: string;
  /** The required field names of the file read other than as written, and how (field-names.ts). */
  readings?: FieldReading[];
}

/** Options of checkShipment. */
export interface CheckShipmentOptions {
  /** Read the field names of required_fields as written only: no dotted path, no `_` for `.`. */
  exactNames?: boolean;
}

/** What one rule found: its problems and what it could not check, in the order it found them. */
export interface Findings {
  problems: ShipmentProblem[];
  unchecked: UncheckedItem[];
}
