// The package: the typed client, the carrier setup workflow, the validators and the one error class.
export { createShippingClient, type Fetch, type ShippingClient, type ShippingClientOptions, type ShippingResponse } from './client.ts';
export { fetchCarrierSetup, type FetchCarrierSetupOptions } from './carrier-setup.ts';
export type { DownloadProgress } from './download.ts';
export { BODY_LIMIT, ShippingApiError, type ShippingApiErrorCode, type ShippingApiErrorDetails } from './errors.ts';
export { PARTNER_ID_BODY_WARNING } from './partner-id.ts';
export type { Clock } from './scope.ts';
export { THROTTLING_STATUSES } from './throttle.ts';
export {
  type CarrierSetupFile,
  type CarrierSetupState,
  type CarrierSetupStatus,
  validateCarrierSetupFile,
  validateCarrierSetupStatus,
} from './contract/validate.ts';
export type { components, operations, paths } from './contract/artifacts.ts';
export {
  type CarrierSetupIndex,
  carrierSetupIndex,
  checkShipment,
  type CombinationServices,
  type IndexedCombination,
  type IndexedProduct,
  type IndexedService,
  type RouteCarrier,
  type ShipmentCheck,
  type ShipmentProblem,
  type ShipmentProblemCode,
  type UncheckedCode,
  type UncheckedItem,
} from './preflight/index.ts';
