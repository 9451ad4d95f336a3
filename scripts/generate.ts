// `npm run generate [-- --check] [--generated <folder>]`: the types and validators made from the bundle (dev/build/generate.ts).
import { command, run } from '../dev/cli.ts';
import { generateCode } from '../dev/build/generate.ts';

const options = command('generate', 'Generates the TypeScript types and the validators from the bundled contract.')
  .option('--check', 'fail, naming each file, when a generated file differs from what the contract makes')
  .option('--generated <folder>', 'the folder of the generated code (default: generated/)')
  .parse()
  .opts<{ check?: boolean; generated?: string }>();
await run(() => generateCode(options));
