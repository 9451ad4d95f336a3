// `coverage`: its flags and help; the count runs in coverage.ts, loaded when the command runs.
import { Command } from '@commander-js/extra-typings';
import type { Done, Io } from '../io.ts';

const HELP = `
Requests are placed on the contract's operations by method and path under any base URL whose path
ends in /api/public/v3; a GET of the address a COMPLETED status gave is the download. An answer
counts for the response the contract documents for its status: the code, else its class (2XX),
else default.

Example:
  shipping-api coverage --har recordings/today.har --conform conform.json --min 80 --junit coverage.xml

Exit 0 when done (and coverage is at least --min), 1 when response coverage is below --min, 2 on
bad input: a file that cannot be read, or is not a HAR file, conform's JSON or an exclusions file.`;

const collect = (value: string, previous: string[]) => [...previous, value];

const flags = () =>
  new Command('coverage')
    .description(
      'which operations and documented responses of the contract recorded traffic exercised, and which it never did',
    )
    .option(
      '--har <file>',
      'a HAR 1.2 file of recorded traffic (npm run record writes them); repeat for more',
      collect,
      [] as string[],
    )
    .option(
      '--conform <file>',
      'the output of shipping-api conform --json, for the rules it judged; repeat for more',
      collect,
      [] as string[],
    )
    .option(
      '--exclusions <file>',
      'documented responses not exercised on purpose: {"exclusions":[{"operationId","status","reason"}]}',
    )
    .option('--json', 'print the coverage as JSON')
    .option('--markdown', 'print the coverage as Markdown (a pull request comment, $GITHUB_STEP_SUMMARY)')
    .option('--junit <file>', 'also write JUnit XML, one testcase per documented response, failed when never exercised')
    .option('--junit-skip-unexercised', 'with --junit, a response never exercised is skipped, not failed')
    .option('--min <percent>', 'exit 1 when less than this percentage of the documented responses was exercised')
    .addHelpText('after', HELP);

export type CoverageOptions = ReturnType<ReturnType<typeof flags>['opts']>;

export const coverageCommand = (io: Io, done: Done) =>
  flags().action(async (options) => done(await (await import('./coverage.ts')).coverage(options, io)));
