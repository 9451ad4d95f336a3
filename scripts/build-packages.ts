// `npm run build:packages` (and npm install, as prepare): each package's dist/ from its src/, its executables executable (dev/packaging/build-packages.ts).
import { buildPackages } from '../dev/packaging/build-packages.ts';
import { command, run } from '../dev/cli.ts';

command('build:packages', 'Compiles the packages contract, client, sandbox and cli into their dist/.').parse();
await run(() => buildPackages());
