// `npm run build [-- --check]`: the bundle, the generated code and the rendered reference (dev/build.ts).
import { build } from '../dev/build.ts';
import { command, run } from '../dev/cli.ts';

const { check } = command('build', 'Makes the bundle, the generated code and the rendered reference from the contract.')
  .option('--check', 'fail, naming each file, when a committed file differs from what the build makes')
  .parse()
  .opts<{ check?: boolean }>();
await run(() => build({ check }));
