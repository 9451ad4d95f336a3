// `npm run coverage:record`: the project's own traffic (conform and the sandbox session against a
// sandbox of its own) recorded into tests/recordings/coverage/, which docs/coverage.html is made from
// (dev/traffic/project-traffic.ts).
import { command, run } from '../dev/cli.ts';
import { writeProjectTraffic } from '../dev/traffic/project-traffic.ts';

command('coverage:record', "Records the project's own traffic for its coverage page.").parse();
await run(writeProjectTraffic, 2);
