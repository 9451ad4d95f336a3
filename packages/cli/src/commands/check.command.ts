// `check <shipment>`: its flags and help; the pre-flight check runs in check.ts, loaded when the command runs.
import { Command } from '@commander-js/extra-typings';
import type { Done, Io } from '../io.ts';

const flags = () =>
  new Command('check')
    .description('check a shipment body against the carrier setup file before it is sent')
    .argument('<shipment>', 'a JSON file with the body of POST /shipments')
    .option('--setup <file>', 'the carrier setup file', 'setup.json')
    .option('--strict', 'fail also when something could not be checked')
    .option('--verbose', 'say why each point could not be checked')
    .option(
      '--exact-names',
      "read the setup file's field names as written only, not as receiver.email or receiver_email",
    )
    .option('--json', 'print the result ({ ok, problems, unchecked }) as JSON')
    .addHelpText(
      'after',
      '\nExit 0 when the shipment passes, 1 with the problems listed (JSON pointer, code, message), 2 on bad input.',
    );

export type CheckOptions = ReturnType<ReturnType<typeof flags>['opts']>;

export const checkCommand = (io: Io, done: Done) =>
  flags().action(async (file, options) => done(await (await import('./check.ts')).check(file, options, io)));
