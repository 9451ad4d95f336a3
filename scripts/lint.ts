// Lints the contract source and the bundles with Redocly (redocly.yaml) and Spectral (.spectral.yaml),
// and the Arazzo workflows with Redocly and Spectral (.spectral-arazzo.yaml).
// Exits non-zero on any error or warning.
import { redocly, spectral } from './lib/tools.ts';
import { WORKFLOW_FILES } from './lib/workflows.ts';

const workflowFiles = WORKFLOW_FILES.map((workflow) => workflow.file);

const steps: Array<[string, () => number | null]> = [
  ['redocly lint openapi/openapi.yaml', () => redocly(['lint', 'openapi/openapi.yaml'], { inherit: true }).status],
  ['redocly lint generated/openapi.yaml', () => redocly(['lint', 'generated/openapi.yaml'], { inherit: true }).status],
  [
    'spectral lint (source and bundles)',
    () =>
      spectral(['lint', '--fail-severity', 'warn', 'openapi/openapi.yaml', 'generated/openapi.yaml', 'generated/openapi.json'], {
        inherit: true,
      }).status,
  ],
  [
    'redocly and spectral lint openapi/workflows/ (Arazzo, and the sandbox routes they use)',
    () =>
      Math.max(
        redocly(['lint', ...workflowFiles, 'openapi/workflows/sandbox.openapi.yaml'], { inherit: true }).status ?? 1,
        spectral(['lint', '-r', '.spectral-arazzo.yaml', '--fail-severity', 'warn', ...workflowFiles], { inherit: true }).status ?? 1,
      ),
  ],
];

let failed = 0;
for (const [name, run] of steps) {
  console.log(`\n# ${name}`);
  if (run() !== 0) failed += 1;
}
console.log(failed === 0 ? '\nLint passed.' : `\nLint failed in ${failed} of ${steps.length} steps.`);
process.exit(failed === 0 ? 0 : 1);
