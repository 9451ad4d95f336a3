// What the sibling packages (the sandbox, the command line) share with the client, and no user
// needs: \`shipping-api-v3-client/internal\`, outside the client's API, may change in any release.
export { beyondDouble, beyondDoubleMessage, beyondDoubleReason } from './double-range.ts';
export { isLoopback } from './loopback.ts';
export { retryAfterMs } from './pacing.ts';
