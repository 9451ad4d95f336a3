// What the package gives of the contract: the generated types and validators, read through the one
// loader of the generated artifacts (artifacts.ts), the checks that name the JSON pointer of the first
// problem (validate.ts, json-pointer.ts), and the Ajv setup of the description's schemas (ajv.ts).
export type { components, operations, paths } from './artifacts.ts';
export { type CarrierSetupFile, type CarrierSetupState, type CarrierSetupStatus, validateCarrierSetupFile, validateCarrierSetupStatus } from './validate.ts';
