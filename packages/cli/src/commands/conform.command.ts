// `conform`: its flags and help; the run is conform.ts's, loaded when the command runs.
import { Command } from '@commander-js/extra-typings';
import type { Done, Io } from '../io.ts';

const HELP = `
Needs SHIPPING_USER and SHIPPING_API_KEY in the environment, and SHIPPING_BASE_URL unless --server is
given; SHIPPING_PARTNER_ID, when set, is sent as the Partner-ID header on every call.

Verdicts, one line per rule of openapi/rules.yaml: pass or fail for a rule the specification states,
observed for a point it leaves open or sets no measure for, skipped with the reason.

Exit 0 when every stated rule checked holds, 1 when one fails or --timeout (a limit of the run) ends
it, 2 on bad input, 3 when the server cannot be reached or refuses the credentials at the start.`;

const file = (what: string) => `with --allow-writes, the body of ${what} to send instead of the contract's example`;

const flags = () =>
  new Command('conform')
    .description('check a live server of the API against the specification, rule by rule')
    .option('--server <url>', 'the base URL of the server, ending in /api/public/v3 (instead of SHIPPING_BASE_URL)')
    .option('--poll-interval <seconds>', 'time between two polls of GET /setups/carriers', '15')
    .option('--timeout <seconds>', 'how long this run waits for the carrier setup file to be COMPLETED', '1800')
    .option('--allow-writes', 'send the four creations (on a real server, each creates a real thing)')
    .option('--shipment <file>', file('POST /shipments'))
    .option('--sales-order <file>', file('POST /sales_orders'))
    .option('--imported-shipment <file>', file('POST /imported_shipments'))
    .option('--shipment-draft <file>', file('POST /shipment_drafts'))
    .option('--json', 'print the verdicts as JSON')
    .option('--junit <file>', 'also write the verdicts as JUnit XML, one testcase per rule')
    .addHelpText('after', HELP);

export type ConformCommandOptions = ReturnType<ReturnType<typeof flags>['opts']>;

export const conformCommand = (io: Io, done: Done) =>
  flags().action(async (options) => done(await (await import('./conform.ts')).conform(options, io)));
