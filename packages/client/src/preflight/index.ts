// The pre-flight check of a shipment against a customer's carrier setup file: the index of the file
// (setup-index.ts), the check (check.ts) with one module per rule (rules/), and its result types.
export {
  type CarrierSetupIndex,
  carrierSetupIndex,
  type CombinationServices,
  type IndexedCombination,
  type IndexedProduct,
  type IndexedService,
  type RouteCarrier,
} from './setup-index.ts';
export { checkShipment } from './check.ts';
export type { FieldReading } from './field-names.ts';
export type {
  CheckShipmentOptions,
  ShipmentCheck,
  ShipmentProblem,
  ShipmentProblemCode,
  UncheckedCode,
  UncheckedItem,
} from './types.ts';
