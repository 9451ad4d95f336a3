#!/usr/bin/env node
// The `shipping-api` executable: the Node.js version is checked first, then the command line loaded.
// Node keeps the code it compiled for the command line on disk (module.enableCompileCache, in the
// system's temporary folder), so that every start after the first skips compiling commander and
// the commands' modules. `--version` alone is answered before commander is loaded: commander's own
// start (it loads node:child_process) is most of what the command line costs before it runs.
import module from 'node:module';
import { unsupportedNode } from './node-version.ts';
import { VERSION } from './version.ts';

module.enableCompileCache?.();

// A reader that stops reading (`shipping-api check --help | head -5`) closes the pipe, and the next
// write fails with EPIPE. That is the reader's choice, not a fault of the command: what is still
// written is dropped, and the command ends as it would have, with its own exit code and no message
// (not killed by SIGPIPE as git and coreutils are, so `set -o pipefail` keeps the command's result).
// Any other error of the two streams stays an error.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

const unsupported = unsupportedNode(process.versions.node);
if (unsupported) {
  process.stderr.write(`${unsupported}\n`);
  process.exit(2);
}
const args = process.argv.slice(2);
if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
  process.stdout.write(`${VERSION}\n`);
  process.exit(0);
}
const { runCli } = await import('./program.ts');

// `npm run shipping-api -- …` and `npm run sandbox` run in the repository's folder; the paths given are the caller's.
const fromNpm = ['shipping-api', 'sandbox'].includes(process.env.npm_lifecycle_event ?? '');
const cwd = fromNpm && process.env.INIT_CWD ? process.env.INIT_CWD : process.cwd();

process.exitCode = await runCli(args, {
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
  cwd,
  signals: process,
});
