// Bad input to `npm run dev` ends it with one clear line and exit code 2, not a stack trace: a port
// in use, a watched folder that disappears. It spawns `npm run dev`: an integration test.
import net from 'node:net';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../dev/cli.ts';
import { type DevProcess, repositoryCopy, startDev } from '../support/harness/dev-process.ts';

const copy = repositoryCopy('shipping dev-cli-');
let dev: DevProcess | undefined;

// A test that failed leaves no process: stopped as Ctrl-C stops it.
afterEach(async () => {
  if (dev && dev.child.exitCode === null && dev.child.signalCode === null) {
    dev.child.kill('SIGINT');
    await dev.exited;
  }
});

/** The lines of the output that are not the servers' banners or the first rebuild's summary. */
const problems = (output: string) =>
  output.split('\n').filter((line) => line && !line.startsWith('[dev] start') && !line.startsWith('{"level"'));

describe('npm run dev, given what it cannot serve', () => {
  it('a docs port in use: one line naming the port and how to choose another, exit 2', async () => {
    const taken = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      dev = await startDev(copy, {
        ports: { docs: port, mock: await freePort(), sandbox: await freePort() },
        wait: false,
      });
      expect(await dev!.exited).toEqual({ code: 2, signal: null });
      expect(problems(dev!.output())).toEqual([
        `Port ${port} on 127.0.0.1 is in use; choose another with --docs-port or DOCS_PORT.`,
      ]);
    } finally {
      taken.close();
    }
  }, 240_000);

  it('a watched folder that disappears: one line naming it, exit 2, the servers stopped', async () => {
    dev = await startDev(copy);
    const from = dev.output().length;
    rmSync(path.join(copy, 'docs'), { recursive: true, force: true });
    expect(await dev!.exited).toEqual({ code: 2, signal: null });
    expect(dev.output().slice(from).trim()).toBe('The watched folder docs/ is gone: npm run dev stops.');
    await expect(fetch(dev.docsUrl)).rejects.toThrow();
  }, 240_000);
});
