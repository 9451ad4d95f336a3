// What the development tools of this repository share with the sandbox, and no user needs:
// `shipping-api-v3-sandbox/internal`, outside the sandbox's API, may change in any release.
export { contractAjv, DOCUMENT_ID } from './contract-ajv.ts';
export { sendProblem } from './http/problems.ts';
