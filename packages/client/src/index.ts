// The typed client (openapi-fetch) of the Shipping Service Public API v3: the client and its options
// (client.ts, auth.ts, urls.ts, partner-id.ts), the carrier setup workflow (carrier-setup.ts, its
// status calls in completed-status.ts) with its download (download.ts: its redirects and
// credentials in redirects.ts, its UTF-8 in file-text.ts), pacing (pacing.ts) and clock (clock.ts),
// the checks of what it receives against the contract (validate.ts), the error of every failure
// (errors.ts), and the pre-flight check of a shipment against the carrier setup file (preflight/).
export {
  type CarrierSetupFileWithText,
  fetchCarrierSetup,
  type FetchCarrierSetupOptions,
} from './carrier-setup.ts';
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
export { type PartnerIdReading, readPartnerId } from 'shipping-api-v3-contract';
export { PARTNER_ID_BODY_WARNING } from './partner-id.ts';
export * from './preflight/index.ts';
export {
  type CarrierSetupFile,
  type CarrierSetupState,
  type CarrierSetupStatus,
  validateCarrierSetupFile,
  validateCarrierSetupStatus,
} from './validate.ts';
