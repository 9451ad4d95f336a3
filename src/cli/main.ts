#!/usr/bin/env node
// The `shipping-api` executable.
import { runCli } from './program.ts';

// `npm run shipping-api -- …` runs in the package's folder; the paths given are the caller's.
const cwd =
  process.env.npm_lifecycle_event === 'shipping-api' && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd,
  signals: process,
});
