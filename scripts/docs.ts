// `npm run docs`: the rendered reference and the guide pages (dev/docs/render.ts); `npm run build:check` checks them.
import { command, run } from '../dev/cli.ts';
import { docs } from '../dev/docs/render.ts';

command('docs', 'Renders the reference (docs/index.html) and the guides (docs/*.html).').parse();
await run(docs);
