// `setup diff` as a process of its own: its exit codes reading standard input, and its summary in a
// terminal of 80 columns (tmux), with and without colour, as wide as the lines it writes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { width } from '../../packages/cli/src/table.ts';
import { example, removedAndRequired, wide } from '../support/fixtures/setup-diff.ts';
import { folder, run, spawnCli } from '../support/harness/cli.ts';
import { hasTmux, tmuxServer, untilShown } from '../support/harness/tmux.ts';

const files = folder({ 'old.json': example, 'new.json': removedAndRequired, 'wide.json': wide });
const terminal = tmuxServer(files.dir);
afterAll(() => {
  if (hasTmux) terminal.kill();
  files.remove();
});

describe('shipping-api setup diff, as its own process', () => {
  it('keeps the exit codes as its own process, reading standard input', async () => {
    const text = readFileSync(path.join(files.dir, 'new.json'), 'utf8');
    expect(await spawnCli(['setup', 'diff', 'old.json', '-'], { cwd: files.dir, input: text })).toMatchObject({
      code: 1,
      stdout: expect.stringContaining('old.json → standard input: 3 changes'),
    });
  });
});

describe('setup diff in a terminal of 80 columns', () => {
  it('shows a summary no wider than 80 columns, in colour, and without colour under NO_COLOR', async () => {
    if (!hasTmux) throw new Error('The terminal tests need tmux: apt-get install tmux.');
    const argv = ['setup', 'diff', 'old.json', 'wide.json'];
    const plain = terminal.open('plain', argv, { width: 80, height: 40, env: { NO_COLOR: '1' } });
    const coloured = terminal.open('coloured', argv, { width: 80, height: 40 });
    await untilShown('both to end', () => plain.rc() !== undefined && coloured.rc() !== undefined);
    expect([plain.rc(), coloured.rc()]).toEqual(['1', '1']);
    expect(coloured.capture(true)).toMatch(/\u001b\[[0-9;]*m/);
    const screen = plain.capture(true);
    expect(screen).not.toMatch(/\u001b\[[0-9;]*m/);
    // The screen shows the lines as written: one longer than 80 columns would wrap onto the next.
    const written = (await run(['setup', 'diff', 'old.json', 'wide.json'], { cwd: files.dir })).stdout
      .trimEnd()
      .split('\n');
    expect(written.filter((l) => width(l) > 80)).toEqual([]);
    expect(written.filter((l) => width(l) > 76).length).toBeGreaterThan(0);
    expect(
      screen
        .trimEnd()
        .split('\n')
        .map((l) => l.trimEnd()),
    ).toEqual(written);
    expect(screen).toContain('~ name: "DemoPost" → "Ταχυμεταφορές');
    expect(screen).toContain('~ required_fields: added receiver.extra_field_0');
    expect(screen).toContain('~ required service dp_email_notice, note:');
  });
});
