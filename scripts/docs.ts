// `npm run docs [-- --check]`: the rendered reference and the guide pages (dev/docs/render.ts).
import { command, run } from '../dev/cli.ts';
import { docs } from '../dev/docs/render.ts';

const { check } = command('docs', 'Renders the reference (docs/index.html) and the guides (docs/*.html).')
  .option('--check', 'fail when a page differs from what its source renders')
  .parse()
  .opts<{ check?: boolean }>();
await run(() => docs({ check }));
