// `setup pull` in a real pseudo-terminal (tmux), against the sandbox: the progress display updates
// in place, in colour unless NO_COLOR; Ctrl-C ends it with 130 and leaves no partial file, while
// polling and in the middle of the download.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from 'shipping-api-v3-sandbox';
import { setupFileOfSize } from '../../dev/fixtures/setup-file.ts';
import { folder } from '../support/harness/cli.ts';
import { hasTmux, tmuxServer, untilShown } from '../support/harness/tmux.ts';

const files = folder({});
const terminal = tmuxServer(files.dir);
let sandbox: RunningSandbox;

/** Starts `shipping-api <argv>` in a new tmux window of 150 x 20; the exit code lands in `<name>.rc`. */
const start = (name: string, argv: string[], env: Record<string, string>) =>
  terminal.open(name, argv, { width: 150, env });

const connection = (user: string, baseUrl = sandbox.baseUrl) => ({
  SHIPPING_BASE_URL: baseUrl,
  SHIPPING_USER: user,
  SHIPPING_API_KEY: 'tty-key-7',
});

beforeAll(async () => {
  if (!hasTmux) throw new Error('The terminal tests need tmux: apt-get install tmux.');
  writeFileSync(path.join(files.dir, 'served.json'), setupFileOfSize(4 * 1024 * 1024));
  sandbox = await startSandbox({ generationMs: 3000, minPollMs: 0, setupFile: path.join(files.dir, 'served.json') });
});

afterAll(async () => {
  if (hasTmux) terminal.kill();
  await sandbox?.close();
  files.remove();
});

describe('setup pull in a terminal', () => {
  it('updates one progress line in place, in colour, and ends with exit 0', async () => {
    const pull = start(
      'pulled',
      ['setup', 'pull', '--out', 'pulled.json', '--poll-interval', '0.5'],
      connection('tty'),
    );
    const seen = new Set<string>();
    let coloured = false;
    await untilShown('the pull to end', () => {
      const screen = pull.capture(true);
      coloured ||= /\u001b\[[0-9;]*m/.test(screen);
      const progress = screen.split('\n').filter((l) => l.includes('Carrier setup file') || l.includes('Downloading'));
      // One line, rewritten: never a second progress line below the first.
      expect(progress.length).toBeLessThanOrEqual(1);
      if (progress[0]) seen.add(progress[0]);
      return pull.rc();
    });
    expect(pull.rc()).toBe('0');
    const states = [...seen].join('\n');
    expect(states).toMatch(/Carrier setup file IN_PROGRESS \(poll \d+\); next poll at \d\d:\d\d:\d\d UTC/);
    // The line changed in place: more than one state was drawn on it (the generation takes 3 s).
    expect(seen.size).toBeGreaterThanOrEqual(2);
    expect(coloured).toBe(true);
    const screen = pull.capture();
    expect(screen).toMatch(/✔ Wrote pulled\.json: 4\.\d MiB, \d+ carriers, \d+ products/);
    expect(screen).not.toContain('tty-key-7');
    expect(readFileSync(path.join(files.dir, 'pulled.json')).length).toBeGreaterThan(4 * 1024 * 1024 - 1024);
  });

  it('draws no colour with NO_COLOR', async () => {
    const pull = start('plain', ['setup', 'pull', '--out', 'plain.json', '--poll-interval', '0.5'], {
      ...connection('tty-no-colour'),
      NO_COLOR: '1',
    });
    let coloured = false;
    await untilShown('the pull to end', () => {
      coloured ||= /\u001b\[[0-9;]*m/.test(pull.capture(true));
      return pull.rc();
    });
    expect(pull.rc()).toBe('0');
    expect(coloured).toBe(false);
  });

  it('Ctrl-C while polling: exit 130, the old file untouched, no temporary file', async () => {
    writeFileSync(path.join(files.dir, 'polled.json'), 'the old file');
    const pull = start(
      'polled',
      ['setup', 'pull', '--out', 'polled.json', '--poll-interval', '0.5'],
      connection('ctrl-c-polling'),
    );
    await untilShown('polling', () => /IN_PROGRESS/.test(pull.capture()));
    pull.send('C-c');
    await untilShown('the exit code', () => pull.rc());
    expect(pull.rc()).toBe('130');
    expect(pull.capture()).toContain('Interrupted; polled.json was not written');
    expect(readFileSync(path.join(files.dir, 'polled.json'), 'utf8')).toBe('the old file');
    expect(readdirSync(files.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  describe('Ctrl-C in the middle of the download', () => {
    // A file server that sends the file slowly, so that the key arrives mid-body.
    let server: Server;
    const sockets = new Set<Socket>();
    const body = setupFileOfSize(2 * 1024 * 1024);
    beforeAll(async () => {
      server = createServer((request, response) => {
        if (request.url === '/api/public/v3/setups/carriers') {
          response.writeHead(200, { 'Content-Type': 'application/json' });
          response.end(
            JSON.stringify({
              status: 'COMPLETED',
              expires_at: new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z'),
              url: `${origin()}/files/slow.json`,
            }),
          );
          return;
        }
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': body.length });
        let sent = 0;
        const timer = setInterval(() => {
          if (response.destroyed || sent >= body.length) return clearInterval(timer);
          response.write(body.subarray(sent, (sent += 8192)));
        }, 50);
        response.on('close', () => clearInterval(timer));
      });
      server.on('connection', (s) => {
        sockets.add(s);
        s.on('close', () => sockets.delete(s));
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      for (const s of sockets) s.destroy();
      await new Promise((resolve) => server?.close(resolve));
    });
    const origin = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    it('exit 130, no file, no temporary file', async () => {
      const pull = start(
        'downloading',
        ['setup', 'pull', '--out', 'downloading.json'],
        connection('ctrl-c-download', `${origin()}/api/public/v3`),
      );
      const first = await untilShown('the download', () => pull.capture().match(/Downloading: [^\n]*/)?.[0]);
      await untilShown('the progress to move', () => {
        const now = pull.capture().match(/Downloading: [^\n]*/)?.[0];
        return now !== undefined && now !== first;
      });
      pull.send('C-c');
      await untilShown('the exit code', () => pull.rc());
      expect(pull.rc()).toBe('130');
      expect(existsSync(path.join(files.dir, 'downloading.json'))).toBe(false);
      expect(readdirSync(files.dir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    });
  });
});
