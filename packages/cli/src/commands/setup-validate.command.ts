// `setup validate <file>`: its flags and help; the check runs in setup-validate.ts, loaded when the command runs.
import { Command } from '@commander-js/extra-typings';
import type { Done, Io } from '../io.ts';

const flags = () =>
  new Command('validate')
    .description('check a carrier setup file against the contract; exit 1 naming the JSON pointer of the first problem')
    .argument('<file>', 'the carrier setup file')
    .option('--json', 'print the result as JSON');

export type SetupValidateOptions = ReturnType<ReturnType<typeof flags>['opts']>;

export const setupValidateCommand = (io: Io, done: Done) =>
  flags().action(async (file, options) =>
    done(await (await import('./setup-validate.ts')).setupValidate(file, options, io)),
  );
