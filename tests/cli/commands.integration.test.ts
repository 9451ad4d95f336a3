// The commands that work on files, as their own process: the exit codes a shell sees (the rest in
// this process: commands.test.ts).
import { afterAll, describe, expect, it } from 'vitest';
import { ANSI, folder, spawnCli } from '../support/harness/cli.ts';
import { setupFile, shipment } from '../support/fixtures/preflight.ts';

const files = folder({
  'setup.json': setupFile(),
  'ship.json': shipment(),
  'failing.json': { ...shipment(), own_agreement: true },
});
afterAll(() => files.remove());

describe('as its own process', () => {
  it('keeps the exit codes: 0, 1, 2', async () => {
    expect(await spawnCli(['check', 'ship.json'], { cwd: files.dir })).toMatchObject({ code: 0 });
    const failed = await spawnCli(['check', 'failing.json'], { cwd: files.dir, env: { NO_COLOR: '1' } });
    expect(failed.code).toBe(1);
    expect(failed.stdout).not.toMatch(ANSI);
    expect(await spawnCli(['setup', 'frobnicate'], { cwd: files.dir })).toMatchObject({ code: 2 });
  });
});
