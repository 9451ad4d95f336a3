// `npm run sandbox [-- --port 4020 --host 127.0.0.1 --accounts <file> --store memory --generation-ms 3000 --setup-file <path> --log-level info …]`:
// the stateful sandbox until Ctrl-C or SIGTERM. Each flag has a SANDBOX_* variable (dev/sandbox.ts).
import type { SandboxCliOptions } from '../src/sandbox/command-line.ts';
import { run } from '../dev/cli.ts';
import { sandboxCommand, serveSandbox } from '../dev/sandbox.ts';

const options = sandboxCommand().parse(process.argv).opts<SandboxCliOptions>();
await run(() => serveSandbox(options));
