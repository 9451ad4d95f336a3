// `npm run release [-- --replace]`: records generated/openapi.yaml as the release of its version (dev/release/release.ts).
import { command, run } from '../dev/cli.ts';
import { recordRelease } from '../dev/release/release.ts';

const { replace } = command(
  'release',
  'Records the bundle as docs/releases/<version>/openapi.yaml, the base of npm run diff.',
)
  .option('--replace', 'overwrite a recorded release that has not been published')
  .parse()
  .opts<{ replace?: boolean }>();
await run(() => recordRelease({ replace }));
