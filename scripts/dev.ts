// `npm run dev [-- the flags of npm start]`: what `npm start` serves, following the contract as it
// is edited: each save rebuilds what it touches, reloads the open pages, the mock and the sandbox
// (dev/dev.ts). A port in use or a watched folder that disappears ends it with exit code 2.
import { run } from '../dev/cli.ts';
import { DEV_FAILURE, runDev } from '../dev/dev.ts';
import { serverCommand } from '../dev/start.ts';

const { command, options } = serverCommand(
  'dev',
  'Serves the reference, the mock and the sandbox like npm start, and rebuilds them from the contract on every save.',
);
command.parse();
await run(() => runDev(options()), DEV_FAILURE);
