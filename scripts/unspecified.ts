// `npm run unspecified`: every open point of the bundled contract (dev/build/unspecified.ts).
import { command, run } from '../dev/cli.ts';
import { printUnspecified } from '../dev/build/unspecified.ts';

command('unspecified', 'Prints every point the contract marks x-unspecified, with its JSON pointer.').parse();
await run(printUnspecified);
