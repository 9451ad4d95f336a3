// A reader that stops reading (`shipping-api check --help | head -5`) closes the pipe under the
// command line: it ends quietly, with its own exit code, and no stack trace on stderr.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupFileOfSize } from '../../dev/fixtures/setup-file.ts';
import { FROM_SOURCE, folder, MAIN, NODE } from '../support/harness/cli.ts';

interface Cut {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** What the reader read before it closed the pipe. */
  read: string;
  stderr: string;
}

/**
 * Runs the command line with its stdout (or stderr) on a pipe that this test closes: at once,
 * before the command writes anything (`at: 'start'`), or after the first chunk it reads, as `head` does.
 */
function cutOff(
  argv: string[],
  cwd: string,
  at: 'start' | 'first chunk',
  closed: 'stdout' | 'stderr' = 'stdout',
): Promise<Cut> {
  return new Promise((resolve, reject) => {
    const child = spawn(NODE, [MAIN, ...argv], {
      cwd,
      env: { PATH: process.env.PATH, ...FROM_SOURCE },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let read = '';
    let stderr = '';
    const pipe = child[closed];
    if (at === 'start') pipe.destroy();
    else
      pipe.once('data', (chunk) => {
        read += chunk;
        pipe.destroy();
      });
    if (closed === 'stdout') child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, read, stderr }));
  });
}

let files: ReturnType<typeof folder>;

beforeAll(() => {
  files = folder({ 'broken.json': [{ code: 'demopost' }] });
  // Its routes print about 80 KB, more than a pipe holds: the command is still writing when the reader leaves.
  writeFileSync(path.join(files.dir, 'setup.json'), setupFileOfSize(500_000, 'ascii'));
});

afterAll(() => files?.remove());

describe('output cut by its reader', () => {
  it.each([
    ['check --help', 'start', ['check', '--help']],
    ['setup routes', 'start', ['setup', 'routes']],
    ['setup routes', 'first chunk', ['setup', 'routes']],
  ] as const)('%s, the pipe closed at its %s: exit 0, nothing on stderr', async (_name, at, argv) => {
    const cut = await cutOff([...argv], files.dir, at);
    expect(cut.stderr).toBe('');
    expect(cut).toMatchObject({ code: 0, signal: null });
    if (at === 'first chunk') expect(cut.read.length).toBeGreaterThan(0);
  });

  it("keeps the command's own exit code: a failed validation, its result on the closed pipe, still ends with 1", async () => {
    const cut = await cutOff(['setup', 'validate', 'broken.json', '--json'], files.dir, 'start');
    expect(cut).toMatchObject({ code: 1, signal: null });
    // Its message on stderr, which the reader did not close; no trace.
    expect(cut.stderr).toBe(
      'shipping-api: broken.json: The carrier setup file breaks the contract at /0/name: is required.\n',
    );
  });

  it('stderr closed: a failure whose message cannot be written still ends with its own exit code', async () => {
    const cut = await cutOff(['setup', 'show', 'NO-SUCH-PRODUCT'], files.dir, 'start', 'stderr');
    expect(cut).toMatchObject({ code: 2, signal: null });
  });
});
