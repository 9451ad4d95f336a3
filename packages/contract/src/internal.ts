// What the packages share among themselves, and no user needs: `shipping-api-v3-contract/internal`,
// outside the contract's API, may change in any release.
export { beyondDouble, beyondDoubleMessage, beyondDoubleReason } from './double-range.ts';
export { isLoopback } from './loopback.ts';
export { parseBoolean, parseDuration, parsePort, parseSeconds, parseWholeNumber } from './value-parsers.ts';
