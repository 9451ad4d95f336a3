// `shipping-api-v3-cli/coverage`: the coverage of the contract by recorded traffic as `shipping-api
// coverage` counts and prints it, for a program that makes its own report of it (this repository's
// page docs/coverage.html is one). It needs only the judge's plan and matching, not its validators.
export {
  type ConformVerdicts,
  type Coverage,
  coverageOf,
  type Exclusion,
  type Figure,
  type OperationCoverage,
  type ResponseCoverage,
  type RuleCoverage,
  type Unmatched,
  unknownExclusions,
} from './count.ts';
export { markdownReport } from './output.ts';
