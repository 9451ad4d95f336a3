// What the sibling packages (the command line) share with the client, and no user needs:
// \`shipping-api-v3-client/internal\`, outside the client's API, may change in any release.
// isLoopback is the contract package's (shared with the sandbox), named here too for the modules that
// still read it from the client.
export { isLoopback } from 'shipping-api-v3-contract/internal';
export { retryAfterMs } from './pacing.ts';
