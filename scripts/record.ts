// `npm run record -- --target <url> [--port 4040] [--har <file>]`: a recording proxy (dev/traffic/record.ts).
import { command, portOption, run } from '../dev/cli.ts';
import { DEFAULT_RECORD_PORT, recordTraffic } from '../dev/traffic/record.ts';

const options = command(
  'record',
  'Records traffic to a HAR file, every credential redacted before anything is written.',
)
  .requiredOption('--target <url>', 'base URL the traffic goes to')
  .addOption(portOption('port', 'RECORD_PORT', DEFAULT_RECORD_PORT, 'port the client calls'))
  .option('--har <file>', 'HAR file to write (default recordings/<time>.har)')
  .parse()
  .opts<{ target: string; port: number; har?: string }>();
await run(() => recordTraffic(options), 2);
