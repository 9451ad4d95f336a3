// `npm run lint`: Redocly and Spectral on the contract, the bundles and the Arazzo workflows (dev/lint/lint.ts).
import { command, run } from '../dev/cli.ts';
import { lintAll } from '../dev/lint/lint.ts';

command('lint', 'Lints the contract source, the bundles and the workflows with Redocly and Spectral.').parse();
await run(lintAll);
