// `setup pull --out <file>`: its flags and help. The workflow runs in setup-pull.ts, loaded when the
// command runs, with the options typed from the flags here.
import { Command } from '@commander-js/extra-typings';
import type { Done, Io } from '../io.ts';

const flags = () =>
  new Command('pull')
    .description('request the carrier setup file, wait for it, download it and write it atomically')
    .requiredOption('-o, --out <file>', 'the file to write (written to a temporary file, then renamed)')
    .option('--poll-interval <seconds>', 'time between two polls of GET /setups/carriers', '15')
    .option('--timeout <seconds>', 'give up after this long (generation may take several minutes)', '1800')
    .option('--json', 'print a JSON summary on stdout')
    .option(
      '--credential-origin <origin>',
      "an origin besides the API's that receives the credentials, such as the file host (repeatable; or SHIPPING_CREDENTIAL_ORIGINS, comma-separated)",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .addHelpText('after', '\nNeeds SHIPPING_BASE_URL, SHIPPING_USER and SHIPPING_API_KEY in the environment.');

export type PullOptions = ReturnType<ReturnType<typeof flags>['opts']>;

export const setupPullCommand = (io: Io, done: Done) =>
  flags().action(async (options) => done(await (await import('./setup-pull.ts')).setupPull(options, io)));
