// `npm run dev [-- the flags of npm start]`: what `npm start` serves, following the contract as it
// is edited: each save rebuilds what it touches, reloads the open pages, the mock and the sandbox
// (dev/serve/dev.ts). A port in use or a watched folder that disappears ends it with exit code 2.
import module from 'node:module';
import { run } from '../dev/cli.ts';
import { DEV_FAILURE, runDev } from '../dev/serve/dev.ts';
import { serverCommand } from '../dev/serve/start.ts';

// V8's code cache on disk: the libraries the pipeline loads (Redocly's 4 MB bundle among them) compile once,
// not at every run (about 10% of a cold build, dev/bench/README.md).
module.enableCompileCache?.();

const { command, options } = serverCommand(
  'dev',
  'Serves the reference, the mock and the sandbox like npm start, and rebuilds them from the contract on every save.',
);
command.parse();
await run(() => runDev(options()), DEV_FAILURE);
