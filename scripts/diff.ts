// `npm run diff [-- --base <released.yaml>] [--revision <bundle.yaml>] [--format markdown -o report.md] [--previous]`:
// the bundle against the last release, failing on a breaking change unless the major part was raised (dev/release/diff.ts).
import { command, run } from '../dev/cli.ts';
import { type DiffOptions, diffWithRelease } from '../dev/release/diff.ts';

const options = command(
  'diff',
  'Compares the bundle with the last release and fails on a breaking change unless the major version was raised.',
)
  .option('--base <released.yaml>', 'the description to compare with (default: the last release in docs/releases/)')
  .option('--revision <bundle.yaml>', 'the description compared (default: generated/openapi.yaml)')
  .option('--format <format>', "redocly diff's report format, such as markdown")
  .option('-o, --output <file>', 'write the report there')
  .option('--previous', 'compare with the release before info.version')
  .parse()
  .opts<DiffOptions>();
await run(() => diffWithRelease(options));
