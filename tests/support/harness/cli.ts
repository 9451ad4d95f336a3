// Running the command line in a test: in this process with captured output, or as its own process
// from source, as a user runs it.
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { Readable } from 'node:stream';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { makeTempDir } from '../../../dev/tools.ts';
import { root } from '../../../dev/paths.ts';
import { runCli } from '../../../packages/cli/src/program.ts';

export const MAIN = path.join(root, 'packages/cli/src/main.ts');
export const NODE = path.join(root, 'node_modules/.bin/node');
/**
 * What a process run from source needs in a bare environment: the packages resolve to their src/
 * (the `shipping-api-source` condition of their exports), not to a build of it.
 */
export const FROM_SOURCE = { NODE_OPTIONS: '--conditions=shipping-api-source' } as const;

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the command line in this process. `signals` receives SIGINT when the test emits it; `stdin`
 * is what it reads from a pipe.
 */
export async function run(
  argv: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; tty?: boolean; signals?: EventEmitter; stdin?: string },
): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    ...(options.stdin === undefined ? {} : { stdin: Readable.from([Buffer.from(options.stdin)]) }),
    stdout: { write: (text: string) => (stdout += text), isTTY: options.tty ?? false },
    stderr: { write: (text: string) => (stderr += text), isTTY: false },
    env: options.env ?? {},
    cwd: options.cwd,
    signals: options.signals ?? new EventEmitter(),
  });
  return { code, stdout, stderr };
}

/** Runs `node packages/cli/src/main.ts …` as its own process; `input` is piped to its standard input. */
export function spawnCli(
  argv: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; input?: string },
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [MAIN, ...argv], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH, ...FROM_SOURCE, ...options.env },
      stdio: [options.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    child.stdin?.end(options.input);
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

/** A temporary folder with the given files (JSON values are written as JSON). */
export function folder(files: Record<string, unknown>): { dir: string; remove(): void } {
  const { dir, remove } = makeTempDir('shipping-cli-');
  for (const [name, content] of Object.entries(files))
    writeFileSync(path.join(dir, name), typeof content === 'string' ? content : JSON.stringify(content));
  return { dir, remove };
}

export const ANSI = /\u001b\[/;
