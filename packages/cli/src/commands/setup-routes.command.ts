// `setup routes`: its flags and help; the listing runs in setup-routes.ts, loaded when the command runs.
import { Command } from '@commander-js/extra-typings';
import type { Done, Io } from '../io.ts';

const flags = () =>
  new Command('routes')
    .description('the products, by carrier, of a route; every route of the file without --from and --to')
    .option('--from <country>', 'only routes from this sender country code, such as DK')
    .option('--to <country>', 'only routes to this receiver country code, such as SE')
    .option('--setup <file>', 'the carrier setup file', 'setup.json')
    .option('--json', 'print the routes as JSON');

export type SetupRoutesOptions = ReturnType<ReturnType<typeof flags>['opts']>;

export const setupRoutesCommand = (io: Io, done: Done) =>
  flags().action(async (options) => done(await (await import('./setup-routes.ts')).setupRoutes(options, io)));
