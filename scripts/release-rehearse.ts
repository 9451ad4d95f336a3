// `npm run release:rehearse`: the packages published to a local registry and installed from it by name on Node 22 and 24, before a real release (dev/release/rehearsal.ts).
import { command, run } from '../dev/cli.ts';
import { rehearseRelease } from '../dev/release/rehearsal.ts';

command(
  'release:rehearse',
  'Publishes the four packages to a local registry (Verdaccio), installs the client and the command line from it by name on Node 22 and 24 and uses them, and checks that a second publish is refused.',
).parse();
// Ctrl-C or SIGTERM: exit, which ends the registry's and the sandboxes' process groups (dev/release/registry.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
await run(async () => {
  const problems = await rehearseRelease();
  console.log(
    problems.length === 0
      ? 'The release rehearsal passed.'
      : `The release rehearsal found ${problems.length} problem(s).`,
  );
  return problems.length === 0 ? 0 : 1;
});
