// docs/cli.md shows what the commands print: its examples of `setup validate`, `setup routes`,
// `setup show`, `check` and `setup diff` are run here against the contract's example setup file (and,
// for `setup diff`, an edited copy of it, tests/cli/fixtures/setup-new.json), and must match.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startSandbox } from 'shipping-api-v3-sandbox';
import { root } from '../../dev/paths.ts';
import { exampleSetupFile } from '../../dev/fixtures/setup-file.ts';
import { folder, run } from '../support/harness/cli.ts';

const guide = readFileSync(path.join(root, 'docs/cli.md'), 'utf8');
const shipment = guide.match(/`shipment\.json`, the body of `POST \/shipments`:\n\n```json\n([\s\S]*?)```/)![1]!;
const files = folder({
  'setup.json': exampleSetupFile(),
  'shipment.json': shipment,
  'setup-new.json': readFileSync(path.join(root, 'tests/cli/fixtures/setup-new.json'), 'utf8'),
});
mkdirSync(path.join(files.dir, 'shipments'));
writeFileSync(path.join(files.dir, 'shipments', 'shipment.json'), shipment);
afterAll(() => files.remove());

/** Each `$ shipping-api …` line of the guide's text blocks, with what follows it up to the next. */
const examples = [...guide.matchAll(/```text\n([\s\S]*?)```/g)].flatMap(([, block]) =>
  [...block!.matchAll(/^\$ shipping-api (.+)\n([\s\S]*?)(?=^\$ |(?![\s\S]))/gm)].map(([, command, output]) => ({
    command: command!,
    output: output!.trimEnd(),
  })),
);

const offline = examples.filter((e) => /^(setup (validate|routes|show)|check) /.test(e.command));

it('has the examples this test runs', () => {
  expect(offline.map((e) => e.command)).toEqual([
    'setup validate setup.json',
    'setup routes --from DK --to SE',
    'setup show dp_parcel',
    'check shipment.json --setup setup.json',
  ]);
});

it.each(offline)('`shipping-api $command` prints what the guide shows', async ({ command, output }) => {
  const result = await run(command.split(' '), { cwd: files.dir });
  expect(result.code).toBe(0);
  expect(result.stdout.trimEnd()).toBe(output);
});

it('the failing example fails as the guide shows', async () => {
  const failing = JSON.parse(shipment);
  failing.own_agreement = true;
  failing.service_codes = 'dp_evening_delivery';
  const more = folder({ 'setup.json': exampleSetupFile(), 'shipment.json': failing });
  try {
    const result = await run(['check', 'shipment.json', '--setup', 'setup.json'], { cwd: more.dir });
    expect(result.code).toBe(1);
    const shown = guide
      .match(/it fails, exit 1:\n\n```text\n([\s\S]*?)```/)![1]!
      .trimEnd()
      .split('\n');
    const printed = result.stdout.trimEnd().split('\n');
    // The guide shortens the unchecked line; every other line is as printed.
    expect(printed.filter((l) => !l.startsWith('?'))).toEqual(shown.filter((l) => !l.startsWith('?')));
  } finally {
    more.remove();
  }
});

it('`shipping-api setup diff` prints the summary and the JSON the guide shows', async () => {
  const diffs = examples.filter((e) => e.command.startsWith('setup diff '));
  expect(diffs.map((e) => e.command)).toEqual([
    'setup diff setup.json setup-new.json --shipments shipments',
    'setup diff setup.json setup-new.json --json',
  ]);
  const summary = await run(diffs[0]!.command.split(' '), { cwd: files.dir });
  expect(summary.code).toBe(1);
  expect(summary.stdout.trimEnd()).toBe(diffs[0]!.output);
  // The guide leaves out some of the lines (…): every line it shows is one printed, in order.
  const json = await run(diffs[1]!.command.split(' '), { cwd: files.dir });
  expect(json.code).toBe(1);
  const shown = diffs[1]!.output.split('\n').filter((l) => l !== '…');
  const printed = json.stdout.trimEnd().split('\n');
  expect(printed.filter((l) => shown.includes(l))).toEqual(shown);
});

it('`shipping-api setup pull` writes the size and counts the guide shows, and is never throttled by a default sandbox', async () => {
  const pull = examples.find((e) => e.command.startsWith('setup pull '))!;
  expect(pull.command).toBe('setup pull --out setup.json --poll-interval 1');
  const sandbox = await startSandbox({ port: 0, generationMs: 1200, logLevel: 'silent' });
  const pulled = folder({});
  try {
    const env = { SHIPPING_BASE_URL: sandbox.baseUrl, SHIPPING_USER: 'apiuser', SHIPPING_API_KEY: 'guide-key-1' };
    const result = await run(pull.command.split(' '), { cwd: pulled.dir, env });
    expect(result.code).toBe(0);
    const last = (text: string, start: string) => text.split('\n').filter((l) => l.startsWith(start));
    for (const start of ['Downloading:', '✔ Wrote'])
      expect(last(result.stderr, start).at(-1), start).toBe(last(pull.output, start).at(-1));
    expect(result.stderr).not.toMatch(/Throttled/);
  } finally {
    pulled.remove();
    await sandbox.close();
  }
});
