// Lints the contract source and the bundles with Redocly (redocly.yaml) and Spectral (.spectral.yaml),
// and the Arazzo workflows with Redocly and Spectral (.spectral-arazzo.yaml).
// Exits non-zero on any problem. The runs are listed in dev/lint.ts.
import { LINT_RUNS } from '../dev/lint.ts';

let failed = 0;
for (const run of LINT_RUNS) {
  console.log(`\n# ${run.name}`);
  if (run.print() !== 0) failed += 1;
}
console.log(failed === 0 ? '\nLint passed.' : `\nLint failed in ${failed} of ${LINT_RUNS.length} runs.`);
process.exit(failed === 0 ? 0 : 1);
