// The pre-flight check of a shipment against a customer's carrier setup file: the rules, the index
// and the result types are the contract package's (`shipping-api-v3-contract/preflight`, which the
// sandbox uses too); the client validates the file first and throws its own errors.
export type {
  CarrierSetupIndex,
  CheckShipmentOptions,
  CombinationServices,
  FieldReading,
  IndexedCombination,
  IndexedProduct,
  IndexedService,
  RouteCarrier,
  ShipmentCheck,
  ShipmentProblem,
  ShipmentProblemCode,
  UncheckedCode,
  UncheckedItem,
} from 'shipping-api-v3-contract/preflight';
export { checkShipment } from './check.ts';
export { carrierSetupIndex } from './setup-index.ts';
