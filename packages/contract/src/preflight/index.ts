// The pre-flight check of a shipment against a customer's carrier setup file, as the contract states
// its rules: the index of a file that keeps the contract (setup-index.ts), the check (check.ts) with
// one module per rule (rules/), and its result types. `shipping-api-v3-contract/preflight`, for the
// packages that check shipments: the client (checkShipment and carrierSetupIndex, which validate the
// file first and throw the client's errors) and the sandbox.
export {
  type CarrierSetupIndex,
  type CombinationServices,
  type IndexedCombination,
  type IndexedProduct,
  type IndexedService,
  indexCarrierSetup,
  isCarrierSetupIndex,
  type RouteCarrier,
} from './setup-index.ts';
export { checkShipmentAgainst } from './check.ts';
export type { FieldReading } from './field-names.ts';
export type {
  CheckShipmentOptions,
  ShipmentCheck,
  ShipmentProblem,
  ShipmentProblemCode,
  UncheckedCode,
  UncheckedItem,
} from './types.ts';
