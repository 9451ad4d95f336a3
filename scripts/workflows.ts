// `npm run workflows -- --server <base URL>`: the Arazzo workflows of openapi/workflows/ run with
// `redocly respect`, credentials from SHIPPING_USER and SHIPPING_API_KEY (dev/workflows.ts).
import { InvalidArgumentError } from 'commander';
import { parseWholeNumber } from 'shipping-api-v3-contract/internal';
import { command, run } from '../dev/cli.ts';
import {
  DEFAULT_POLL_LIMIT,
  DEFAULT_POLL_SECONDS,
  runWorkflowsCommand,
  WORKFLOW_FILES,
  type WorkflowsCommandOptions,
} from '../dev/workflows.ts';

function wholeNumber(value: string): number {
  const number = parseWholeNumber(value, 1);
  if (number === undefined) throw new InvalidArgumentError(`must be a whole number of at least 1 (found "${value}").`);
  return number;
}

const options = command(
  'workflows',
  'Run the Arazzo workflows against a server of the Shipping Service Public API v3 with redocly respect.',
)
  .option('--server <base URL>', 'the base URL of the API, ending in /api/public/v3 (default: SHIPPING_BASE_URL)')
  .option(
    '--workflow <name...>',
    `the workflows to run: ${WORKFLOW_FILES.map((w) => `${w.name}${w.needsSandbox ? ' (sandbox only)' : ''}`).join(', ')}; all by default`,
  )
  .option('--poll-seconds <n>', 'seconds between polls of the carrier setup status', wholeNumber, DEFAULT_POLL_SECONDS)
  .option('--poll-limit <n>', 'polls before the carrier setup workflow gives up', wholeNumber, DEFAULT_POLL_LIMIT)
  .option('--report-dir <folder>', "keep respect's JSON report of each workflow there (credentials masked)")
  .option('--verbose', "print respect's output of passing workflows too")
  .addHelpText(
    'after',
    `
Credentials: SHIPPING_USER and SHIPPING_API_KEY (never on the command line; masked in every report).
Exit status: 0 when every workflow passed, 1 when a step failed, 2 on a usage error.

Example:
  SHIPPING_USER=apiuser SHIPPING_API_KEY=apikey npm run workflows -- --server http://127.0.0.1:4020/api/public/v3
  npm run workflows -- --server https://<host>/api/public/v3 --workflow carrier-setup`,
  )
  .showHelpAfterError()
  .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : 2))
  .parse()
  .opts<WorkflowsCommandOptions>();
await run(() => runWorkflowsCommand(options));
