// `npm run format [-- <paths>]`: Biome formats the code and applies its safe fixes (biome check
// --write), over the whole checkout unless paths are given (dev/lint/lint.ts; Biome is
// toolchains/lint's, installed at the first run).
import { command, run } from '../dev/cli.ts';
import { biome } from '../dev/lint/lint.ts';

const paths = command('format', 'Formats the code with Biome (biome.jsonc) and applies its safe fixes.')
  .argument('[paths...]', 'files or folders to format; the whole checkout by default')
  .parse().args;
await run(() => biome(['check', '--write', ...(paths.length > 0 ? paths : ['.'])], { inherit: true }).status);
