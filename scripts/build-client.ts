// `npm run build:client` (and npm install, as prepare): dist/ from src/, its executables executable (dev/build-client.ts).
import { buildClient } from '../dev/build-client.ts';
import { command, run } from '../dev/cli.ts';

command('build:client', 'Compiles the client, the sandbox and the command line into dist/.').parse();
await run(() => buildClient());
