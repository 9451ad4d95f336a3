// What the package gives of the contract: the generated types, read through the one loader of the
// generated artifacts (artifacts.ts) with the validators; beside them the Ajv setup of the
// description's schemas (ajv.ts) and the JSON pointers of validation problems (json-pointer.ts).
export type { components, operations, paths } from './artifacts.ts';
