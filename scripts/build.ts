// `npm run build [-- --check]`: the bundle, the generated code and the rendered reference (dev/build/build.ts).
import module from 'node:module';
import { build } from '../dev/build/build.ts';
import { command, run } from '../dev/cli.ts';

// V8's code cache on disk: the libraries the pipeline loads (Redocly's 4 MB bundle among them) compile once,
// not at every run (about 10% of a cold build, dev/bench/README.md).
module.enableCompileCache?.();

const { check } = command('build', 'Makes the bundle, the generated code and the rendered reference from the contract.')
  .option('--check', 'fail, naming each file, when a committed file differs from what the build makes')
  .parse()
  .opts<{ check?: boolean }>();
await run(() => build({ check }));
