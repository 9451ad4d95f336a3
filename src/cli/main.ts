#!/usr/bin/env node
// The `shipping-api` executable.
import { runCli } from './program.ts';

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd: process.cwd(),
  signals: process,
});
