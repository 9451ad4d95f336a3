// The pre-flight check: a shipment body checked against the carrier setup file before it is sent.
// It checks what the specification lets it check (the product, the country combination, the
// agreement, the services, the required fields) and lists what it could not check, with the reason,
// where the specification leaves the meaning open.
import { ShipmentCreate } from '../generated/validators/index.js';
import { type CarrierSetupIndex, type IndexedCombination, type IndexedService, toIndex } from './preflight/setup-index.ts';
import type { CarrierSetupFile } from './validate.ts';
import { firstProblem, pointerSegment } from './json-pointer.ts';

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
}

/** The shipment body's fields, as the specification lists them (section 2.3). */
export const SHIPMENT_FIELDS: ReadonlySet<string> = new Set([
  'own_agreement',
  'product_code',
  'service_codes',
  'reference',
  'sender',
  'receiver',
  'parcels',
  'partner_id',
]);
/** A parcel's fields, as the specification lists them. */
export const PARCEL_FIELDS: ReadonlySet<string> = new Set(['quantity', 'weight', 'length', 'width', 'height']);

type Body = Record<string, unknown>;

const isObject = (value: unknown): value is Body => typeof value === 'object' && value !== null && !Array.isArray(value);
const given = (value: unknown) => value !== undefined && value !== null;
const where = (c: IndexedCombination) =>
  `${c.product.code} ${c.combination.sender_country_code} → ${c.combination.receiver_country_code} (${c.carrier.name}, ${c.combinationPointer})`;

/**
 * Checks a shipment body against a carrier setup file, or against its index (built once with
 * carrierSetupIndex, for many checks). Never throws for a bad shipment: every fault is a problem.
 */
export function checkShipment(setup: CarrierSetupFile | CarrierSetupIndex, shipment: unknown): ShipmentCheck {
  const index = toIndex(setup, 'checkShipment');
  const problems: ShipmentProblem[] = [];
  const unchecked: UncheckedItem[] = [];
  const result = (combination?: string): ShipmentCheck => ({
    ok: problems.length === 0,
    problems,
    unchecked,
    ...(combination === undefined ? {} : { combination }),
  });

  if (!ShipmentCreate(shipment)) {
    const { pointer, message } = firstProblem(ShipmentCreate.errors?.[0]);
    problems.push({ pointer, code: 'SCHEMA', message: `The shipment breaks the contract at ${pointer || 'its root'}: ${message}.` });
    if (!isObject(shipment)) return result();
  }
  const body = shipment as Body;

  // The product.
  const productCode = body.product_code;
  if (typeof productCode !== 'string') {
    if (productCode === undefined) {
      unchecked.push({ code: 'NO_PRODUCT_CODE', pointer: '/product_code', what: 'everything that depends on the product', reason: 'the shipment gives no product_code' });
    }
    return result();
  }
  const products = index.products(productCode);
  if (products.length === 0) {
    problems.push({ pointer: '/product_code', code: 'UNKNOWN_PRODUCT', message: `product_code ${JSON.stringify(productCode)} is no product of the carrier setup file.` });
    return result();
  }
  const ambiguous = (checked: string) => {
    if (products.length < 2) return;
    unchecked.push({
      code: 'AMBIGUOUS_PRODUCT',
      pointer: '/product_code',
      what: `the products ${products.filter((p) => p.pointer !== checked).map((p) => p.pointer).join(', ')} of the same code`,
      reason: `the file lists product code ${productCode} ${products.length} times; the shipment was checked against ${checked}`,
    });
  };

  // The country combination.
  const from = isObject(body.sender) ? body.sender.country_code : undefined;
  const to = isObject(body.receiver) ? body.receiver.country_code : undefined;
  if (typeof from !== 'string' || typeof to !== 'string') {
    const missing = [typeof from !== 'string' && 'sender.country_code', typeof to !== 'string' && 'receiver.country_code'].filter(Boolean).join(' and ');
    ambiguous(products[0]!.pointer);
    unchecked.push({
      code: 'NO_COUNTRY',
      pointer: typeof to !== 'string' ? '/receiver/country_code' : '/sender/country_code',
      what: 'the country combination, the agreement, the services and the required fields',
      reason: `the shipment gives no ${missing}, so no country combination of ${productCode} can be chosen`,
    });
    return result();
  }
  const found = index.combination(productCode, from, to);
  ambiguous(found?.pointer ?? products[0]!.pointer);
  if (!found) {
    const { product, carrier, pointer } = products[0]!;
    const offered = product.country_combinations.map((c) => `${c.sender_country_code} → ${c.receiver_country_code}`).join(', ');
    problems.push({
      pointer: '/receiver/country_code',
      code: 'NO_COUNTRY_COMBINATION',
      message: `Product ${productCode} (${carrier.name}, ${pointer}) has no country combination ${from} → ${to}; it offers ${offered}.`,
      setupPointer: pointer,
    });
    return result();
  }
  const combination = found.combination;
  const setupPointer = found.combinationPointer;
  const services = index.services(productCode, from, to)!;

  // The agreement.
  const own = body.own_agreement;
  if (own === true && !combination.own_agreement_available) {
    problems.push({ pointer: '/own_agreement', code: 'OWN_AGREEMENT_UNAVAILABLE', message: `own_agreement is true, but ${where(found)} has own_agreement_available: false.`, setupPointer });
  } else if (own === false && !combination.platform_agreement_available) {
    problems.push({
      pointer: '/own_agreement',
      code: 'PLATFORM_AGREEMENT_UNAVAILABLE',
      message: `own_agreement is false (the operator's agreement), but ${where(found)} has platform_agreement_available: false.`,
      setupPointer,
    });
  } else if (typeof own !== 'boolean') {
    unchecked.push({
      code: 'NO_AGREEMENT_CHOSEN',
      pointer: '/own_agreement',
      what: 'the agreement, and the services that need the own agreement',
      reason: 'the shipment gives no own_agreement, and which agreement applies then is not specified',
      setupPointer,
    });
  }
  if (own === true && combination.own_agreement_available) {
    unchecked.push({
      code: 'CUSTOMER_NUMBER',
      what: `the customer number of the own agreement (available_customer_numbers: ${JSON.stringify(combination.available_customer_numbers)})`,
      reason: 'how a shipment gives its customer number is not specified',
      setupPointer: `${setupPointer}/available_customer_numbers`,
    });
  }
  if (combination.customs_declaration_required) {
    unchecked.push({
      code: 'CUSTOMS_DECLARATION',
      what: 'the customs declaration',
      reason: `${where(found)} requires a customs declaration, and its fields are not specified`,
      setupPointer: `${setupPointer}/customs_declaration_required`,
    });
  }

  // The services.
  const used: IndexedService[] = [];
  const codes = body.service_codes;
  let servicesKnown = true;
  if (typeof codes === 'string') {
    const service = services.byCode.get(codes);
    if (service) {
      used.push(service);
    } else if (index.hasServiceCode(codes)) {
      const offered = [...services.byCode.keys()];
      problems.push({
        pointer: '/service_codes',
        code: 'SERVICE_NOT_IN_COMBINATION',
        message: `Service ${codes} is not offered by ${where(found)}; it offers ${offered.length ? offered.join(', ') : 'no services'}.`,
        setupPointer,
      });
    } else {
      servicesKnown = false;
      unchecked.push({
        code: 'SERVICE_CODES_FORMAT',
        pointer: '/service_codes',
        what: 'which services the shipment uses, the required services, and the fields those services require',
        reason: `${JSON.stringify(codes)} is no service code of the file; it may be several codes written together, and whether several may be given, and how, is not specified`,
        setupPointer,
      });
    }
  } else if (given(codes)) {
    // A type break, reported above as SCHEMA.
    servicesKnown = false;
  }
  if (servicesKnown) {
    for (const required of services.required) {
      if (!used.some((s) => s.service.code === required.service.code)) {
        problems.push({
          pointer: '/service_codes',
          code: 'REQUIRED_SERVICE_MISSING',
          message: `${where(found)} requires service ${required.service.code} (${required.service.name}, ${required.pointer}), and the shipment does not give it.`,
          setupPointer: required.pointer,
        });
      }
    }
  }
  for (const service of used) {
    if (service.service.own_agreement_required && own === false) {
      problems.push({
        pointer: '/service_codes',
        code: 'SERVICE_NEEDS_OWN_AGREEMENT',
        message: `Service ${service.service.code} (${service.pointer}) can only be used with the own agreement, and own_agreement is false.`,
        setupPointer: service.pointer,
      });
    }
  }

  // The required fields.
  const sources: [string[], string][] = [[combination.required_fields, `${setupPointer}/required_fields`]];
  for (const service of used) sources.push([service.service.required_fields, `${service.pointer}/required_fields`]);
  const seen = new Set<string>();
  for (const [names, source] of sources) {
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      if (!SHIPMENT_FIELDS.has(name)) {
        unchecked.push({
          code: 'FIELD_NAME_OPEN',
          what: `the required field ${name}`,
          reason: `${name} is not a field of the shipment body as specified, and how such names map onto the body (${name} or a nested field) is not specified`,
          setupPointer: source,
        });
      } else if (!given(body[name])) {
        problems.push({ pointer: `/${pointerSegment(name)}`, code: 'REQUIRED_FIELD_MISSING', message: `${name} is required by ${source} and is not given.`, setupPointer: source });
      }
    }
  }

  // The parcel fields.
  const parcelNames = combination.required_parcel_fields;
  if (parcelNames.length > 0) {
    const parcels = Array.isArray(body.parcels) ? body.parcels : [];
    const source = `${setupPointer}/required_parcel_fields`;
    if (parcels.length === 0) {
      unchecked.push({
        code: 'NO_PARCELS',
        pointer: '/parcels',
        what: `the required parcel fields ${parcelNames.join(', ')}`,
        reason: 'the shipment gives no parcels, and whether parcels are required is not specified',
        setupPointer: source,
      });
    }
    for (const name of parcelNames) {
      if (!PARCEL_FIELDS.has(name)) {
        unchecked.push({
          code: 'PARCEL_FIELD_NAME_OPEN',
          what: `the required parcel field ${name}`,
          reason: `${name} is not a parcel field as specified, and how such names map onto a parcel is not specified`,
          setupPointer: source,
        });
        continue;
      }
      parcels.forEach((parcel, i) => {
        if (!isObject(parcel) || !given(parcel[name])) {
          // A parcel that is no object has no fields: the problem is the parcel itself.
          problems.push({
            pointer: isObject(parcel) ? `/parcels/${i}/${pointerSegment(name)}` : `/parcels/${i}`,
            code: 'REQUIRED_PARCEL_FIELD_MISSING',
            message: `Parcel ${i} has no ${name}, which ${source} requires on every parcel.`,
            setupPointer: source,
          });
        }
      });
    }
  }
  return result(setupPointer);
}
