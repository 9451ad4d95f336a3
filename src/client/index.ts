// The typed client (openapi-fetch) of the API and the carrier setup workflow: the client and its
// options (client.ts, auth.ts, urls.ts, partner-id.ts), the workflow (carrier-setup.ts) with its
// download (download.ts), pacing (pacing.ts) and clock (clock.ts), the checks of what it receives
// against the contract (validate.ts), and the one error class (errors.ts).
export { fetchCarrierSetup, type FetchCarrierSetupOptions } from './carrier-setup.ts';
export {
  createShippingClient,
  type Fetch,
  type ShippingClient,
  type ShippingClientOptions,
  type ShippingResponse,
} from './client.ts';
export type { Clock } from './clock.ts';
export type { DownloadProgress } from './download.ts';
export { BODY_LIMIT, ShippingApiError, type ShippingApiErrorCode, type ShippingApiErrorDetails } from './errors.ts';
export { THROTTLING_STATUSES } from './pacing.ts';
export { PARTNER_ID_BODY_WARNING } from './partner-id.ts';
export {
  type CarrierSetupFile,
  type CarrierSetupState,
  type CarrierSetupStatus,
  validateCarrierSetupFile,
  validateCarrierSetupStatus,
} from './validate.ts';
