// `setup diff <old> <new>`: its flags and help; the comparison runs in setup-diff.ts, loaded when the command runs.
import { Command } from '@commander-js/extra-typings';
import type { Done, Io } from '../io.ts';

const flags = () =>
  new Command('diff')
    .description(
      'what changed from one carrier setup file to another, keyed by code; exit 0 with no change, 1 with changes',
    )
    .argument('<old>', 'the earlier carrier setup file (- for standard input)')
    .argument('<new>', 'the later carrier setup file (- for standard input, when <old> is not)')
    .option(
      '--shipments <dir>',
      'check each shipment body (*.json) of the folder against both files; list those that pass against <old> and fail against <new>',
    )
    .option('--json', 'print the changes as JSON, one object per change')
    .addHelpText(
      'after',
      '\nExit 0 when the files hold the same setup, 1 when something changed, 2 on bad input (a file that cannot be read, is not JSON, breaks the contract or writes a key twice).',
    );

export type SetupDiffOptions = ReturnType<ReturnType<typeof flags>['opts']>;

export const setupDiffCommand = (io: Io, done: Done) =>
  flags().action(async (oldFile, newFile, options) =>
    done(await (await import('./setup-diff.ts')).setupDiff(oldFile, newFile, options, io)),
  );
