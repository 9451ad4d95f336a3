// `npm run sandbox [-- --port 4020 --host 127.0.0.1 --accounts <file> --store memory --generation-ms 3000 …]`:
// `shipping-api sandbox` from this checkout, until Ctrl-C or SIGTERM. Each flag has a SANDBOX_*
// variable; `npm run sandbox -- --help` lists them.
import { runCli } from '../packages/cli/src/program.ts';

process.exitCode = await runCli(['sandbox', ...process.argv.slice(2)], {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.env.INIT_CWD ?? process.cwd(),
  signals: process,
});
