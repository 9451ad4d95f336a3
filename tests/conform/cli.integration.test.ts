// `shipping-api conform` as a user runs it: the real command line against the sandbox with --junit
// (exit 0, one line per rule, the JUnit file read back), --json, and the exit codes of bad input (2)
// and of a server that cannot be reached or refuses the credentials at the start (3).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from 'shipping-api-v3-sandbox';
import { freePort } from '../../dev/cli.ts';
import { writeAccounts } from '../support/fixtures/accounts.ts';
import { folder, run, spawnCli } from '../support/harness/cli.ts';

const KEY = 'cli-key-3';
let sandbox: RunningSandbox;
const files = folder({});

beforeAll(async () => {
  const accounts = path.join(files.dir, 'accounts.json');
  await writeAccounts(accounts, { spawned: KEY, json: KEY, timeout: KEY }, { cheap: true });
  // Generation outlasts the poll sent at once after the first, so the process waits between polls: a
  // wait that did not hold the process open would end it there, mid-run.
  sandbox = await startSandbox({ generationMs: 500, minPollMs: 0, accounts, logLevel: 'silent' });
});
afterAll(async () => {
  await sandbox?.close();
  files.remove();
});

const env = (user: string) => ({ SHIPPING_BASE_URL: sandbox.baseUrl, SHIPPING_USER: user, SHIPPING_API_KEY: KEY });

it('exits 0 against the sandbox, prints one line per rule, and writes JUnit XML with one testcase per rule', async () => {
  const result = await spawnCli(['conform', '--poll-interval', '0.3', '--junit', 'conform.xml'], {
    cwd: files.dir,
    env: { ...env('spawned'), SHIPPING_PARTNER_ID: '10042' },
  });
  // Without a terminal, the progress comes as plain lines on stderr.
  const progress = result.stderr.trimEnd().split('\n');
  expect(progress.slice(0, 2)).toEqual([
    'Requesting the carrier setup file',
    'Carrier setup file REQUESTED (poll 1); next poll in 0 s',
  ]);
  expect(progress.slice(-2)).toEqual([
    'Downloading the carrier setup file, whole and by range',
    'Trying requests without and with wrong credentials',
  ]);
  const waiting = progress.slice(2, -2);
  expect(waiting.length).toBeGreaterThan(0);
  for (const text of waiting) expect(text).toMatch(/^Carrier setup file IN_PROGRESS \(poll \d+\); next poll in 1 s$/);
  expect(result.code).toBe(0);
  const lines = result.stdout.trimEnd().split('\n');
  const summary = lines.pop()!;
  expect(summary).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/api\/public\/v3: 14 stated rules checked \(14 pass, 0 fail\), 6 observed, 14 skipped, in \d+\.\d s$/,
  );
  const rules = lines.map((text) => text.match(/^(pass|FAIL|observed|skipped) +(\S+) /)!.slice(1));
  expect(rules).toHaveLength(34);
  expect(rules.filter(([verdict]) => verdict === 'FAIL')).toEqual([]);
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
    readFileSync(path.join(files.dir, 'conform.xml'), 'utf8'),
  );
  const cases: any[] = xml.testsuites.testsuite.testcase;
  expect(cases.map((c) => c.name.split(' ')[0])).toEqual(rules.map(([, id]) => id));
  expect(cases.filter((c) => c.skipped).map((c) => c.name.split(' ')[0])).toEqual(
    rules.filter(([verdict]) => verdict === 'skipped').map(([, id]) => id),
  );
  expect(cases.filter((c) => c.failure)).toEqual([]);
  expect(result.stdout + readFileSync(path.join(files.dir, 'conform.xml'), 'utf8')).not.toContain(KEY);
});

// "Several minutes" sets no limit: --timeout is the run's, and when it ends the polling the run says so.
it('exits 1 when --timeout ends the run, saying that it is a limit of the run, not a verdict', async () => {
  const result = await run(['conform', '--poll-interval', '0.05', '--timeout', '0.1'], {
    cwd: files.dir,
    env: env('timeout'),
  });
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(
    /The run ended at its --timeout of 0\.1 s, a limit of the run and not of the specification \("up to several minutes"\): no COMPLETED status within 0\.1 s/,
  );
  expect(result.stdout).toMatch(/^observed +8\.generation-time +no COMPLETED status within 0\.1 s \(--timeout\)/m);
  expect(result.stdout).not.toMatch(/^FAIL/m);
});

it('prints the verdicts and their counts as JSON with --json', async () => {
  const result = await run(['conform', '--poll-interval', '0.05', '--json'], { cwd: files.dir, env: env('json') });
  expect(result.code).toBe(0);
  const printed = JSON.parse(result.stdout);
  expect(printed.counts).toEqual({ stated: 13, pass: 13, fail: 0, observed: 6, skipped: 15 });
  expect(printed.verdicts.find((v: any) => v.id === '5.2.2')).toMatchObject({
    verdict: 'skipped',
    details: ['SHIPPING_PARTNER_ID is not set: no Partner-ID header was sent'],
  });
  expect(printed.exitCode).toBe(0);
});

describe('exit 3: the server cannot be reached, or refuses the credentials, at the start', () => {
  it('a port nothing listens on', async () => {
    const port = await freePort();
    const result = await run(['conform', '--server', `http://127.0.0.1:${port}/api/public/v3`], {
      cwd: files.dir,
      env: { SHIPPING_USER: 'spawned', SHIPPING_API_KEY: KEY },
    });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /The server cannot be reached: http:\/\/127\.0\.0\.1:\d+\/api\/public\/v3\/setups\/carriers could not be reached \(.*ECONNREFUSED/,
    );
  });

  it('credentials the server refuses, never printed', async () => {
    const result = await run(['conform', '--json'], {
      cwd: files.dir,
      env: { ...env('spawned'), SHIPPING_API_KEY: 'not-the-key-of-spawned' },
    });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({
      exitCode: 3,
      code: 'UNAUTHORIZED',
      variable: 'SHIPPING_API_KEY',
    });
    expect(result.stderr).toMatch(/The server refused the credentials \(GET \/setups\/carriers answered 401\)/);
    expect(result.stdout + result.stderr).not.toContain('not-the-key-of-spawned');
  });
});

describe('exit 2: bad input, said with what and where, before any request', () => {
  const cases: [string, string[], NodeJS.ProcessEnv, RegExp][] = [
    [
      'a file of a creation without --allow-writes',
      ['--shipment', 'shipment.json'],
      {},
      /--shipment is sent only with --allow-writes/,
    ],
    [
      'a creation file that breaks the contract, named with its JSON pointer',
      ['--allow-writes', '--sales-order', 'order.json'],
      {},
      /order\.json: the sales order breaks the contract at \/order_lines\/0\/vat_percent: must match pattern/,
    ],
    [
      'a creation file that is not JSON',
      ['--allow-writes', '--shipment-draft', 'draft.json'],
      {},
      /draft\.json: the shipment draft is not JSON/,
    ],
    [
      'a poll interval that is no number of seconds',
      ['--poll-interval', 'soon'],
      {},
      /--poll-interval must be a positive number of seconds, not "soon"/,
    ],
    [
      'a --server that is not HTTPS off loopback',
      ['--server', 'http://shipping.example/api/public/v3'],
      {},
      /--server: the value must use HTTPS/,
    ],
    ['a missing variable', [], { SHIPPING_API_KEY: '' }, /Set SHIPPING_API_KEY in the environment/],
    [
      'a --junit file in a folder that does not exist',
      ['--junit', 'no/such/folder/x.xml'],
      {},
      /--junit no\/such\/folder\/x\.xml: the folder .* does not exist/,
    ],
  ];
  writeFileSync(path.join(files.dir, 'shipment.json'), '{}');
  writeFileSync(
    path.join(files.dir, 'order.json'),
    JSON.stringify({ order_lines: [{ line_type: 'item', vat_percent: '25 %' }] }),
  );
  writeFileSync(path.join(files.dir, 'draft.json'), '{ draft');
  for (const [what, argv, extra, says] of cases) {
    it(what, async () => {
      const port = await freePort();
      const result = await run(['conform', ...argv], {
        cwd: files.dir,
        // Nothing listens there: a request sent would be exit 3, not 2.
        env: {
          SHIPPING_BASE_URL: `http://127.0.0.1:${port}/api/public/v3`,
          SHIPPING_USER: 'u',
          SHIPPING_API_KEY: 'k',
          ...extra,
        },
      });
      expect(result.stderr).toMatch(says);
      expect(result.code).toBe(2);
    });
  }
});
