// The recorder never loses a recording: Ctrl-C in a terminal (SIGINT to the whole process group),
// SIGTERM, and a crash of the capture proxy each leave a whole HAR of every finished exchange.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../../dev/paths.ts';
import { startRecorder } from '../../dev/traffic/record.ts';
import { freePort } from '../../dev/cli.ts';
import { json, startServer, type TestServer } from '../support/harness/servers.ts';
import { withTempDir } from '../support/harness/temp.ts';
import { basic } from '../support/fixtures/basic.ts';

const BASIC = basic('apiuser', 'apikey');
let upstream: TestServer;
const children: ChildProcess[] = [];

beforeAll(async () => {
  upstream = await startServer((req, res) => json(res, 200, { status: 'REQUESTED', expires_at: null, url: null }));
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
  }
});

afterAll(async () => {
  await upstream?.close();
});

/** Starts `npm run record` the way a terminal does: leading a process group of its own. */
async function startInTerminal(har: string): Promise<{ child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/record.ts'), '--target', `${upstream.origin}/api/public/v3`, '--har', har, '--port', String(port)], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c) => (output += c));
  child.stderr!.on('data', (c) => (output += c));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', () => /Press Ctrl-C/.test(output) && resolve());
    void exited.then(() => reject(new Error(`npm run record exited:\n${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}`, exited, output: () => output };
}

const call = (url: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => fetch(`${url}/setups/carriers`, { headers: { authorization: BASIC } }).then((r) => r.status)));

function readHar(file: string) {
  return JSON.parse(readFileSync(file, 'utf8')).log as { version: string; entries: Array<{ request: { url: string } }> };
}

describe('npm run record stops with a whole recording', () => {
  it('on Ctrl-C, sent to the whole process group as a terminal does', async () => {
    await withTempDir('record-sigint-', async (dir) => {
      const har = path.join(dir, 'today.har');
      const recorder = await startInTerminal(har);
      expect(await call(recorder.url, 3)).toEqual([200, 200, 200]);
      process.kill(-recorder.child.pid!, 'SIGINT');
      expect(await recorder.exited, recorder.output()).toBe(0);
      const log = readHar(har);
      expect(log.version).toBe('1.2');
      expect(log.entries.map((e) => e.request.url)).toEqual(Array(3).fill(`${upstream.origin}/api/public/v3/setups/carriers`));
      expect(readdirSync(dir)).toEqual(['today.har']);
      expect(recorder.output()).toContain('Wrote 3 exchanges');
    });
  });

  it('on SIGTERM', async () => {
    await withTempDir('record-sigterm-', async (dir) => {
      const har = path.join(dir, 'today.har');
      const recorder = await startInTerminal(har);
      expect(await call(recorder.url, 2)).toEqual([200, 200]);
      recorder.child.kill('SIGTERM');
      expect(await recorder.exited, recorder.output()).toBe(0);
      expect(readHar(har).entries).toHaveLength(2);
      expect(readdirSync(dir)).toEqual(['today.har']);
    });
  });

  it('when the capture proxy crashes: every exchange that finished is kept', async () => {
    await withTempDir('record-crash-', async (dir) => {
      const har = path.join(dir, 'today.har');
      const recorder = await startRecorder({ target: `${upstream.origin}/api/public/v3`, har, port: await freePort() });
      expect(await call(recorder.url, 2)).toEqual([200, 200]);
      // The proxy appends an exchange to its file just after it answers; wait until both are there.
      const appended = path.join(`${har}.recording`, 'proxy.har.entries.tmp');
      while (!existsSync(appended) || readFileSync(appended, 'utf8').trim().split('\n').length < 2) await new Promise((r) => setTimeout(r, 20));
      process.kill(recorder.proxyPid, 'SIGKILL');
      expect(await recorder.proxyExited).toBe('SIGKILL');
      expect(await recorder.stop()).toBe(2);
      expect(readHar(har).entries).toHaveLength(2);
      expect(readdirSync(dir)).toEqual(['today.har']);
    });
  });
});
