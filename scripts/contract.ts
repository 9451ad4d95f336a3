// `npm run contract -- <file.har> [<file.har> ...] [--server <base URL>] [--ignore-header <name>] [--json]`:
// recorded traffic checked against the contract with `redocly drift` (dev/traffic/check-har.ts).
import { command, run } from '../dev/cli.ts';
import { checkRecordings, IGNORED_HEADERS } from '../dev/traffic/check-har.ts';

const program = command('contract', 'Checks recorded traffic (HAR files) against the contract.')
  .argument('<file.har...>', 'HAR files to check')
  .option('--server <url>', 'API base URL of the recording (found from the requests when absent)')
  .option(
    '--ignore-header <name>',
    `a header to leave out of the check, besides ${IGNORED_HEADERS.join(', ')}; repeatable, a trailing * matches a prefix (or CONTRACT_IGNORE_HEADERS, comma-separated)`,
    (value: string, previous: string[]) => [...previous, value],
    [] as string[],
  )
  .option('--json', 'print the reports as JSON')
  .parse();
await run(() => checkRecordings(program.args, program.opts()), 2);
