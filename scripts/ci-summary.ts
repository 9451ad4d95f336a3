// `npm run ci:summary`: the closing line of CI over every test run (dev/ci-summary.ts).
import { summarizeTestResults } from '../dev/ci-summary.ts';
import { command, run } from '../dev/cli.ts';

command('ci:summary', 'Adds up the counts of every test run in test-results/ and prints the closing line.').parse();
await run(summarizeTestResults);
