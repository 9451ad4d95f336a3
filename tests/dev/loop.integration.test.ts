// `npm run dev` as a contract author runs it, in a copy of the repository: a save of a $ref'd file
// reaches the page, the mock and the types; a bad save keeps the last good build served and its
// findings, which name the source file and line, show over the open pages until the next good save;
// a burst of saves is at most two rebuilds; a new file the root comes to reference is watched; and
// Ctrl-C stops every process it started. It spawns `npm run dev` (and Prism): an integration test.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { type DevProcess, liveState, repositoryCopy, startDev } from '../support/harness/dev-process.ts';
import { until } from '../support/harness/until.ts';

const copy = repositoryCopy('shipping dev-');
let dev: DevProcess;

const file = (name: string) => path.join(copy, name);
const edit = (name: string, from: string | RegExp, to: string) => {
  const text = readFileSync(file(name), 'utf8');
  const next = text.replace(from, to);
  if (next === text) throw new Error(`${name} has no ${from}`);
  writeFileSync(file(name), next);
};
const page = async () => (await fetch(`${dev.docsUrl}/`)).text();
const completed = async () =>
  (await fetch(`${dev.mockUrl}/setups/carriers`, {
    headers: { authorization: 'Basic YTpi', prefer: 'example=completed' },
  }).then((response) => response.json())) as { expires_at: string };
/** The summary lines printed from `from` on. */
const rebuilds = (from: number) =>
  dev
    .output()
    .slice(from)
    .match(/^\[dev\] .*$/gm) ?? [];

const EXAMPLE = 'openapi/components/examples/CarrierSetupStatusCompleted.yaml';
const SCHEMA = 'openapi/components/schemas/CarrierSetupStatusCompleted.yaml';

beforeAll(async () => {
  dev = await startDev(copy);
}, 300_000);

// As Ctrl-C does, so that Prism stops with it, when a test before the last one failed.
afterAll(async () => {
  if (dev && dev.child.exitCode === null) {
    dev.child.kill('SIGINT');
    await dev.exited;
  }
});

describe('npm run dev', () => {
  it('a save of $ref-ed files reaches the page, the mock and the types', async () => {
    const from = dev.output().length;
    edit(EXAMPLE, /expires_at: '[^']*'/, "expires_at: '2098-06-30T12:00:00Z'");
    edit(SCHEMA, /description: Generation has \w+\. Download/, 'description: Generation has ended. Download');
    await dev.waitFor(/\[dev\] .*served/, from);
    expect(await page()).toContain('2098-06-30T12:00:00Z');
    expect(await page()).toContain('Generation has ended.');
    expect(readFileSync(file('generated/schema.d.ts'), 'utf8')).toContain('Generation has ended.');
    await until(
      'the mock answering from the new example',
      async () => (await completed()).expires_at === '2098-06-30T12:00:00Z',
    );
  }, 240_000);

  it('the sandbox checks bodies against the contract as saved', async () => {
    const example = parse(readFileSync(file('openapi/components/examples/ShipmentCreate.yaml'), 'utf8')).value;
    const create = () =>
      fetch(`${dev.sandboxUrl}/shipments`, {
        method: 'POST',
        headers: { authorization: 'Basic YXBpdXNlcjphcGlrZXk=', 'content-type': 'application/json' },
        body: JSON.stringify({ ...example, reference: 'Ordre 100234 / pallet 7' }),
      });
    expect((await create()).status).toBeLessThan(300);
    const from = dev.output().length;
    edit('openapi/components/schemas/ShipmentCreate.yaml', /( {4})description: Free text\.\n/, '$&$1maxLength: 12\n');
    await dev.waitFor(/\[dev\] .*types and validators.*served/, from);
    const refused = await create();
    expect(refused.status).toBe(422);
    expect(JSON.stringify(await refused.json())).toContain('/reference');
  }, 240_000);

  it('a bad save keeps the last good build served, names the file and line, and shows over the page until the next good save', async () => {
    const before = await page();
    const served = (await completed()).expires_at;
    const { build } = await liveState(dev.docsUrl);
    let from = dev.output().length;
    edit(EXAMPLE, /expires_at: '[^']*'/, 'expires_at: soon');
    await dev.waitFor(/\[dev\] .*kept the last good build/, from);
    const bad = await liveState(dev.docsUrl);
    expect(bad.build).toBe(build);
    // The line of expires_at in the example, where the bad value stands.
    const line =
      readFileSync(path.join(copy, EXAMPLE), 'utf8')
        .split('\n')
        .findIndex((l) => l.includes('expires_at: soon')) + 1;
    expect(bad.findings.map((finding) => `${finding.file}:${finding.line}`)).toContain(`${EXAMPLE}:${line}`);
    expect(await page()).toBe(before);
    expect((await completed()).expires_at).toBe(served);
    // The page served by dev carries the script that shows them, allowed by the page's policy.
    expect(before).toContain('/_dev/events');

    from = dev.output().length;
    edit(EXAMPLE, 'expires_at: soon', "expires_at: '2097-01-01T00:00:00Z'");
    await dev.waitFor(/\[dev\] .*served/, from);
    const good = await liveState(dev.docsUrl);
    expect(good.findings).toEqual([]);
    expect(good.build).not.toBe(build);
    expect(await page()).toContain('2097-01-01T00:00:00Z');
  }, 240_000);

  it('a finding names the source file under openapi/ and its line, not the bundle', async () => {
    let from = dev.output().length;
    const line = readFileSync(file(SCHEMA), 'utf8').split('\n').indexOf('  url:') + 1;
    edit(SCHEMA, /^ {2}url:\n/m, '  downloadUrl:\n');
    const output = await dev.waitFor(/\[dev\] .*kept the last good build/, from);
    expect(output).toMatch(new RegExp(`^${SCHEMA}:${line}:\\d+ property-snake-case `, 'm'));
    expect(output).not.toMatch(/^generated\//m);
    from = dev.output().length;
    edit(SCHEMA, /^ {2}downloadUrl:\n/m, '  url:\n');
    await dev.waitFor(/\[dev\] .*served/, from);
  }, 240_000);

  it('a burst of 20 saves makes at most 2 rebuilds', async () => {
    const from = dev.output().length;
    for (let i = 0; i < 20; i++) {
      edit(EXAMPLE, /expires_at: '\d{4}-/, `expires_at: '${2000 + i}-`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await dev.waitFor(/\[dev\] .*served/, from);
    await until('the last save served', async () => (await completed()).expires_at.startsWith('2019-'), 15_000);
    // Quiet for a while: no rebuild comes after.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(rebuilds(from).length).toBeGreaterThan(0);
    expect(rebuilds(from).length).toBeLessThanOrEqual(2);
  }, 240_000);

  it('watches a new file under openapi/ once the root comes to reference it', async () => {
    const NEW = 'openapi/components/examples/CarrierSetupStatusCompletedLater.yaml';
    const later = async () =>
      (await fetch(`${dev.mockUrl}/setups/carriers`, {
        headers: { authorization: 'Basic YTpi', prefer: 'example=completedLater' },
      }).then((response) => response.json())) as { expires_at: string };
    writeFileSync(
      file(NEW),
      readFileSync(file(EXAMPLE), 'utf8').replace(/expires_at: '[^']*'/, "expires_at: '2096-01-01T00:00:00Z'"),
    );
    let from = dev.output().length;
    edit(
      'openapi/paths/setups_carriers.yaml',
      /( +)completed:\n( +)\$ref: \.\.\/components\/examples\/CarrierSetupStatusCompleted\.yaml\n/,
      '$&$1completedLater:\n$2$ref: ../components/examples/CarrierSetupStatusCompletedLater.yaml\n',
    );
    await dev.waitFor(/\[dev\] .*served/, from);
    await until(
      'the mock answering from the new file',
      async () => (await later()).expires_at === '2096-01-01T00:00:00Z',
      15_000,
    );
    from = dev.output().length;
    edit(NEW, '2096-01-01T00:00:00Z', '2095-01-01T00:00:00Z');
    await dev.waitFor(/\[dev\] openapi\/components\/examples\/CarrierSetupStatusCompletedLater\.yaml.*served/, from);
    await until(
      'the mock answering from the new file as saved',
      async () => (await later()).expires_at === '2095-01-01T00:00:00Z',
      15_000,
    );
    // The mock answers from a bundle as soon as it is made, the page once the lint has passed: the
    // page is waited for too. (The summary above may be that of the file's creation, when its event
    // came apart from the root's: a busy machine's watch.)
    await until(
      'the page showing the new file as saved',
      async () => (await page()).includes('2095-01-01T00:00:00Z'),
      15_000,
      200,
    ).catch((error: Error) => {
      throw new Error(`${error.message}; npm run dev printed since the save:\n${dev.output().slice(from)}`);
    });
  }, 240_000);

  it('Ctrl-C stops everything and leaves no process behind', async () => {
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(dev.child.pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter(Boolean);
    // Prism, behind the guard.
    expect(children.length).toBeGreaterThan(0);
    dev.child.kill('SIGINT');
    expect(await dev.exited).toEqual({ code: 0, signal: null });
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await until('every child of npm run dev gone', () => children.every((pid) => !alive(pid)), 5_000);
    for (const url of [dev.docsUrl, dev.mockUrl, dev.sandboxUrl]) await expect(fetch(url)).rejects.toThrow();
  }, 30_000);
});
