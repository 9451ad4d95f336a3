// `shipping-api coverage` on HAR files of its own making: each rule that places a request on an
// operation and an answer on a documented response (base paths, the download by the address a
// COMPLETED status gave, ranges, `default`, requests of no operation), each output form (the table,
// --json, --markdown, --junit with and without --junit-skip-unexercised, --conform, --exclusions)
// and each exit code.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { contractJudge } from 'shipping-api-v3-contract';
import { afterAll, describe, expect, it } from 'vitest';
import { folder, run } from '../support/harness/cli.ts';

const BASE = 'http://127.0.0.1:9/api/public/v3';
const FILE_URL = 'http://127.0.0.1:9/files/carrier-setup.json';

function entry(method: string, url: string, status: number, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: text ? [{ name: 'Content-Type', value: 'application/json' }] : [],
      content: { size: text?.length ?? 0, mimeType: 'application/json', ...(text ? { text } : {}) },
      redirectURL: '',
      headersSize: -1,
      bodySize: text?.length ?? 0,
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
  };
}

const har = (...entries: unknown[]) => ({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } });

const completed = { status: 'COMPLETED', url: FILE_URL, expires_at: '2099-01-01T00:00:00Z' };

const conformJson = {
  server: BASE,
  verdicts: [
    { id: '4.1.response', kind: 'stated', rule: '…', verdict: 'pass', details: [] },
    { id: '4.3.request', kind: 'stated', rule: '…', verdict: 'skipped', details: ['no writes'] },
    { id: '8.rate-limit', kind: 'open', rule: '…', verdict: 'observed', details: [] },
  ],
  exitCode: 0,
  seconds: 1,
};

const files = folder({
  // Base paths: the API under a prefix, on two hosts; a path of the contract under another version is none.
  'bases.har': har(
    entry('GET', `${BASE}/setups/carriers`, 200, { status: 'REQUESTED', url: null, expires_at: null }),
    entry('POST', 'http://127.0.0.1:8/gateway/api/public/v3/shipments', 201, {}),
    entry('GET', 'http://127.0.0.1:9/api/public/v2/setups/carriers', 200, {}),
  ),
  // The download: a GET of the address a COMPLETED status gave, whole and by range; another address is none.
  'download.har': har(
    entry('GET', `${BASE}/setups/carriers`, 200, completed),
    entry('GET', FILE_URL, 200, []),
    entry('GET', FILE_URL, 206, []),
    entry('GET', 'http://127.0.0.1:9/files/other.json', 200, []),
    entry('POST', FILE_URL, 200, {}),
  ),
  // Ranges and default: 201 and 202 are 2XX; a 500 and a 404 are default; a 401 is its own.
  'statuses.har': har(
    entry('POST', `${BASE}/shipments`, 201, {}),
    entry('POST', `${BASE}/shipments`, 202, {}),
    entry('POST', `${BASE}/sales_orders`, 500, {}),
    entry('GET', `${BASE}/setups/carriers`, 401),
    entry('GET', `${BASE}/setups/carriers`, 404),
  ),
  // A browser records a request that got no answer with status 0: counted for no response.
  'unanswered.har': har(
    entry('GET', `${BASE}/setups/carriers`, 0),
    entry('GET', `${BASE}/nothing`, 0),
    entry('POST', `${BASE}/shipments`, 201, {}),
  ),
  'unmatched.har': har(
    entry('GET', 'http://user:secret@127.0.0.1:9/api/public/v3/nothing', 404),
    entry('GET', 'http://user:secret@127.0.0.1:9/api/public/v3/nothing', 404),
    entry('DELETE', `${BASE}/shipments`, 405),
  ),
  'conform.json': conformJson,
  'exclusions.json': {
    exclusions: [
      { operationId: 'downloadCarrierSetupFile', status: '416', reason: 'no range | past the end is asked' },
    ],
  },
  'reasonless-exclusion.json': { exclusions: [{ operationId: 'createShipment', status: 'default', reason: ' ' }] },
  'unknown-exclusion.json': { exclusions: [{ operationId: 'downloadCarrierSetupFile', status: '418', reason: 'x' }] },
  'text.har': 'not json',
  'not-har.har': { log: { pages: [] } },
  'no-status.har': har({ request: { method: 'GET', url: BASE }, response: {} }),
  'not-conform.json': { server: BASE },
});
afterAll(() => files.remove());

const cli = (argv: string[]) => run(['coverage', ...argv], { cwd: files.dir });

async function json(...hars: string[]) {
  const result = await cli([...hars.flatMap((file) => ['--har', file]), '--json']);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout);
}

const countOf = (document: any, operationId: string, status: string) =>
  document.operations
    .find((operation: any) => operation.operationId === operationId)
    .responses.find((response: any) => response.status === status).count;

describe('matching requests and answers', () => {
  it('places a request under any base URL ending in /api/public/v3, and none under another', async () => {
    const document = await json('bases.har');
    expect(countOf(document, 'requestCarrierSetup', '2XX')).toBe(1);
    expect(countOf(document, 'createShipment', '2XX')).toBe(1);
    expect(document.unmatched).toEqual([
      { method: 'GET', url: 'http://127.0.0.1:9/api/public/v2/setups/carriers', status: 200, count: 1 },
    ]);
  });

  it('takes a GET of the address a COMPLETED status gave for the download, and nothing else', async () => {
    const document = await json('download.har');
    expect(countOf(document, 'downloadCarrierSetupFile', '200')).toBe(1);
    expect(countOf(document, 'downloadCarrierSetupFile', '206')).toBe(1);
    expect(document.unmatched.map((u: any) => `${u.method} ${u.url}`)).toEqual([
      'GET http://127.0.0.1:9/files/other.json',
      `POST ${FILE_URL}`,
    ]);
  });

  it('counts a status under its code, else its range, else default', async () => {
    const document = await json('statuses.har');
    expect(countOf(document, 'createShipment', '2XX')).toBe(2);
    expect(countOf(document, 'createSalesOrder', 'default')).toBe(1);
    expect(countOf(document, 'requestCarrierSetup', '401')).toBe(1);
    expect(countOf(document, 'requestCarrierSetup', 'default')).toBe(1);
    expect(countOf(document, 'requestCarrierSetup', '2XX')).toBe(0);
  });

  it('counts a request without an answer (status 0) for no response, and says how many there were', async () => {
    const document = await json('unanswered.har');
    expect(countOf(document, 'requestCarrierSetup', 'default')).toBe(0);
    expect(document.unmatched).toEqual([]);
    expect(document.summary).toMatchObject({ requests: 3, unanswered: 2, operations: { exercised: 1 } });
    const text = await cli(['--har', 'unanswered.har']);
    expect(text.stdout).toContain('; from 3 requests (2 without an answer).');
  });

  it('lists requests of no operation apart, once each with a count, without the credentials of their URL', async () => {
    const document = await json('unmatched.har');
    expect(document.unmatched).toEqual([
      { method: 'GET', url: 'http://127.0.0.1:9/api/public/v3/nothing', status: 404, count: 2 },
      { method: 'DELETE', url: `${BASE}/shipments`, status: 405, count: 1 },
    ]);
    expect(JSON.stringify(document)).not.toContain('secret');
  });
});

describe('output', () => {
  it('--json lists every operation of the contract, the download included, each documented response as the contract spells it', async () => {
    const document = await json('bases.har', 'statuses.har');
    const plan = contractJudge().plan.operations;
    expect(
      document.operations.map((o: any) => [o.operationId, o.method, o.path, o.responses.map((r: any) => r.status)]),
    ).toEqual(plan.map((o) => [o.operationId, o.method, o.path, o.responses.map((r) => r.key)]));
    expect(document.operations.find((o: any) => o.operationId === 'downloadCarrierSetupFile').path).toBe('{url}');
    expect(document.summary).toMatchObject({
      requests: 8,
      operations: { exercised: 3, total: plan.length },
      responses: { exercised: 5, excluded: 0 },
    });
    expect(document).not.toHaveProperty('rules');
  });

  it('--conform adds the rules, with how often each verdict came, and their figure', async () => {
    const result = await cli([
      '--har',
      'bases.har',
      '--conform',
      'conform.json',
      '--conform',
      'conform.json',
      '--json',
    ]);
    const document = JSON.parse(result.stdout);
    expect(document.rules).toEqual([
      { id: '4.1.response', verdicts: { pass: 2, fail: 0, observed: 0, skipped: 0 } },
      { id: '4.3.request', verdicts: { pass: 0, fail: 0, observed: 0, skipped: 2 } },
      { id: '8.rate-limit', verdicts: { pass: 0, fail: 0, observed: 2, skipped: 0 } },
    ]);
    expect(document.summary.rules).toEqual({ exercised: 2, total: 3, percent: 66.6 });
  });

  it('prints a table: a row per documented response, never and excluded marked, the requests of no operation, the figures', async () => {
    const result = await cli(['--har', 'download.har', '--conform', 'conform.json', '--exclusions', 'exclusions.json']);
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^Operation\s+Request\s+Response\s+Exercised$/);
    expect(lines).toContainEqual(expect.stringMatching(/^downloadCarrierSetupFile\s+GET \{url\}\s+200\s+1$/));
    expect(lines).toContainEqual(expect.stringMatching(/^\s+416\s+excluded: no range \| past the end is asked$/));
    expect(lines).toContainEqual(expect.stringMatching(/^createShipment\s+POST \/shipments\s+401\s+never$/));
    expect(result.stdout).toContain(
      'Requests of no operation of the contract (2):\n  GET http://127.0.0.1:9/files/other.json -> 200',
    );
    expect(result.stdout).toContain('Rules conform only skipped: 4.3.request');
    expect(lines.at(-2)).toBe(
      'Exercised: 2 of 6 operations (33.3%), 3 of 19 documented responses (15.7%; 1 excluded), 2 of 3 rules (66.6%); from 5 requests.',
    );
  });

  it('--markdown prints the figures and a table of every documented response, its cells escaped', async () => {
    const result = await cli(['--har', 'download.har', '--exclusions', 'exclusions.json', '--markdown']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\*\*Exercised: 2 of 6 operations/);
    expect(result.stdout).toContain('| Operation | Request | Response | Exercised |\n|---|---|---|---|\n');
    expect(result.stdout).toContain('| `downloadCarrierSetupFile` | `GET {url}` | `200` | 1 |');
    expect(result.stdout).toContain('|  |  | `416` | excluded: no range \\| past the end is asked |');
    expect(result.stdout).toContain('|  |  | `default` | **never** |');
    // Every row of the table has its four cells.
    const rows = result.stdout.split('\n').filter((text) => text.startsWith('|  |'));
    for (const row of rows) expect(row.replaceAll('\\|', '').split('|')).toHaveLength(6);
  });

  const junit = async (extra: string[]) => {
    const result = await cli([
      '--har',
      'download.har',
      '--exclusions',
      'exclusions.json',
      '--junit',
      'out.xml',
      ...extra,
    ]);
    expect(result.code).toBe(0);
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(
      readFileSync(path.join(files.dir, 'out.xml'), 'utf8'),
    );
    const suite = xml.testsuites.testsuite;
    const byName = (name: string) => suite.testcase.find((testcase: any) => testcase.name === name);
    return { suite, byName };
  };

  it('--junit writes a testcase per documented response, a never exercised one failed, an excluded one skipped', async () => {
    const { suite, byName } = await junit([]);
    expect(suite.testcase).toHaveLength(20);
    expect(suite).toMatchObject({ tests: '20', failures: '16', skipped: '1' });
    expect(byName('GET {url} 200')['system-out']).toBe('exercised 1 time');
    expect(byName('GET {url} default').failure.message).toBe('never exercised');
    expect(byName('GET {url} 416').skipped.message).toBe('excluded: no range | past the end is asked');
  });

  it('--junit-skip-unexercised skips a never exercised response instead', async () => {
    const { suite, byName } = await junit(['--junit-skip-unexercised']);
    expect(suite).toMatchObject({ tests: '20', failures: '0', skipped: '17' });
    expect(byName('GET {url} default').skipped.message).toBe('never exercised');
  });
});

describe('exit codes', () => {
  it('exits 0 when response coverage reaches --min', async () => {
    expect((await cli(['--har', 'download.har', '--min', '15'])).code).toBe(0);
  });

  it('exits 1 when it is below --min, saying the figure and the threshold', async () => {
    const result = await cli(['--har', 'download.har', '--min', '15.1']);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe('Response coverage 15% (3 of 20) is below --min 15.1%.');
    expect(result.stdout).toContain('Exercised:');
  });

  it.each([
    ['a HAR file that is not JSON', ['--har', 'text.har'], /^shipping-api: text\.har: the HAR file is not JSON/],
    [
      'JSON that is not a HAR',
      ['--har', 'not-har.har'],
      /^shipping-api: not-har\.har: not a HAR file: \/log\/entries is missing\.$/,
    ],
    [
      'an entry without a status',
      ['--har', 'no-status.har'],
      /no-status\.har: not a HAR file: \/log\/entries\/0\/response\/status is not a number/,
    ],
    ['a HAR file that is not there', ['--har', 'none.har'], /none\.har: cannot read the HAR file \(no such file\)/],
    [
      "JSON that is not conform's",
      ['--har', 'bases.har', '--conform', 'not-conform.json'],
      /not-conform\.json: not the JSON of shipping-api conform --json: \/verdicts is missing/,
    ],
    [
      'an exclusion without a reason',
      ['--har', 'bases.har', '--exclusions', 'reasonless-exclusion.json'],
      /reasonless-exclusion\.json: not an exclusions file: \/exclusions\/0\/reason is not a non-empty string/,
    ],
    [
      'an exclusion of no documented response',
      ['--har', 'bases.har', '--exclusions', 'unknown-exclusion.json'],
      /unknown-exclusion\.json: \/exclusions\/0: downloadCarrierSetupFile documents no response 418/,
    ],
    ['no --har', [], /at least one --har/],
    [
      'a --min that is no percentage',
      ['--har', 'bases.har', '--min', '120'],
      /--min must be a percentage from 0 to 100, not "120"/,
    ],
    ['--json with --markdown', ['--har', 'bases.har', '--json', '--markdown'], /give one of them/],
    [
      'a --junit file in a folder that does not exist',
      ['--har', 'bases.har', '--junit', 'no/such/x.xml'],
      /--junit no\/such\/x\.xml: the folder/,
    ],
  ])('exits 2 on %s, naming it', async (_name, argv, message) => {
    const result = await cli(argv);
    expect(result.code).toBe(2);
    // With --json, the error is also on stdout, as JSON (as every command gives it).
    if (!argv.includes('--json')) expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toMatch(message);
  });

  it('--help shows an example', async () => {
    const result = await cli(['--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('shipping-api coverage --har recordings/today.har');
  });
});
