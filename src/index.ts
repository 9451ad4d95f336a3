// The package shipping-api-v3-contract: the typed client and the carrier setup workflow (client/),
// the contract's types and validators (contract/), and the pre-flight check of a shipment against the
// carrier setup file (preflight/). The sandbox is the subpath ./sandbox (sandbox/); the `shipping-api`
// command line is cli/.
export * from './client/index.ts';
export * from './contract/index.ts';
export * from './preflight/index.ts';
