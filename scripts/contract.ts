// Checks recorded traffic (HAR 1.2) against the contract with `redocly drift`, and prints one line
// per finding: the exchange, the operation, the JSON pointer, the expected and the found.
//   npm run contract -- <file.har> [<file.har> ...] [--server <base URL>] [--ignore-header <name>] [--json]
import { command, run } from '../dev/cli.ts';
import { checkHar, formatReport, IGNORED_HEADERS, type HarReport } from '../dev/contract.ts';
import path from 'node:path';

export { checkHar, formatReport, inferServer, IGNORED_HEADERS, type Finding, type HarReport } from '../dev/contract.ts';

function main(): void {
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
  const options = program.opts<{ server?: string; ignoreHeader: string[]; json?: boolean }>();
  let drift = 0;
  const reports: HarReport[] = [];
  for (const file of program.args) {
    const report = checkHar(path.resolve(file), { server: options.server, ignoreHeaders: options.ignoreHeader });
    reports.push(report);
    drift += report.findings.length;
    if (!options.json) console.log(formatReport(report));
  }
  if (options.json) console.log(JSON.stringify(reports, null, 2));
  else console.log(drift === 0 ? '\nNo drift.' : `\nDrift: ${drift} finding${drift === 1 ? '' : 's'}.`);
  process.exit(drift === 0 ? 0 : 1);
}

if (import.meta.main) await run(main, 2);
