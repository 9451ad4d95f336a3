// `setup show <product-code>`: its flags and help; the product is shown by setup-show.ts, loaded when the command runs.
import { Command } from '@commander-js/extra-typings';
import type { Done, Io } from '../io.ts';

const flags = () =>
  new Command('show')
    .description('a product: its country combinations, agreements, fields and services')
    .argument('<product-code>', 'the product code, as used in product_code')
    .option('--setup <file>', 'the carrier setup file', 'setup.json')
    .option('--json', 'print the product as JSON');

export type SetupShowOptions = ReturnType<ReturnType<typeof flags>['opts']>;

export const setupShowCommand = (io: Io, done: Done) =>
  flags().action(async (code, options) => done(await (await import('./setup-show.ts')).setupShow(code, options, io)));
