// `npm run bench [-- --part <name>]`: the speed and memory goals, measured side by side (dev/bench.ts).
import { BENCH_PARTS, runBench } from '../dev/bench.ts';
import { command, run } from '../dev/cli.ts';

const { part } = command(
  'bench',
  'Measures the client, the sandbox, the pre-flight check and setup diff side by side, and prints ratios with their goals.',
)
  .option('--part <name>', `only this part: ${BENCH_PARTS.join(', ')}`)
  .parse()
  .opts<{ part?: string }>();
await run(() => runBench({ part }));
