// `conform` against the sandbox, with fast settings: every stated rule it checks passes, the open
// points are observed (throttling among them: the poll sent at once after the first is answered
// 429 with Retry-After), the rest skipped with the reason; the JUnit XML read back holds one
// testcase per rule. The rules it reports are those of openapi/rules.yaml, in their words.
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from 'shipping-api-v3-sandbox';
import { exampleCreations } from '../../packages/cli/src/conform/creations.ts';
import { type ConformResult, runConform } from '../../packages/cli/src/conform/index.ts';
import { junitXml } from '../../packages/cli/src/conform/output.ts';
import { judgeLifecycle } from '../../packages/cli/src/conform/lifecycle.ts';
import { Report, RULES } from '../../packages/cli/src/conform/rules.ts';
import type { Exchange } from '../../packages/cli/src/conform/traffic.ts';
import { writeAccounts } from '../support/fixtures/accounts.ts';
import { folder } from '../support/harness/cli.ts';
import { loadRuleMap, type RuleEntry } from '../support/harness/rule-map.ts';

let sandbox: RunningSandbox;
let result: ConformResult;
const files = folder({});

beforeAll(async () => {
  const accounts = path.join(files.dir, 'accounts.json');
  await writeAccounts(accounts, { operator: 'operator-key-1' }, { cheap: true });
  // Polls closer than 1 s apart are throttled (the sandbox's default): the poll sent at once after
  // the first is, however slow the machine, and the next, a second later, is not.
  sandbox = await startSandbox({ generationMs: 0, minPollMs: 1000, accounts, logLevel: 'silent' });
  result = await runConform({
    connection: { baseUrl: sandbox.baseUrl, username: 'operator', apiKey: 'operator-key-1', partnerId: 10042 },
    pollIntervalMs: 60,
    timeoutMs: 10_000,
    creations: exampleCreations(),
  });
});
afterAll(async () => {
  await sandbox?.close();
  files.remove();
});

const ids = (verdict: string) => result.verdicts.filter((v) => v.verdict === verdict).map((v) => v.id);
const details = (id: string) => result.verdicts.find((v) => v.id === id)!.details.join('\n');

describe('against the sandbox', () => {
  it('every stated rule it checks passes; exit 0', () => {
    expect(ids('fail')).toEqual([]);
    expect(ids('pass')).toEqual([
      '4.1.response',
      '2.1.status',
      '2.1.url',
      '2.1.expires_at',
      '3.no-request',
      '4.1.step-1',
      '3.REQUESTED',
      '3.IN_PROGRESS',
      '4.2.returns',
      '4.2.range',
      '8.url-lifetime',
      '5.1.1',
      '5.2.2',
      '5.2.7',
      '4.3.request',
      '4.4.request',
      '4.5.request',
      '4.6.request',
      '5.2.4',
    ]);
    expect(result.exitCode).toBe(0);
    expect(details('4.2.range')).toMatch(
      /^Range: bytes 10-73 answered 206 with exactly those 64 bytes of the whole file/,
    );
    expect(details('5.1.1')).toMatch(
      /without credentials was refused with 401 and WWW-Authenticate: Basic realm="sandbox"/,
    );
    expect(details('5.1.1')).toMatch(/with a wrong API key was refused with 401/);
  });

  it('observes the open points: throttling, the error answers, the media type, the answers to creations', () => {
    expect(ids('observed')).toEqual([
      '2.1.expires_at.format',
      '2.1.other-fields',
      '8.generation-time',
      '8.rate-limit',
      '7.errors-not-shown',
      '4.2.media-type',
      '4.3.response',
      '4.4.response',
    ]);
    // "Up to several minutes" sets no limit: the time is observed, not judged.
    expect(details('8.generation-time')).toMatch(/^COMPLETED \d+\.\d s after the first poll$/);
    expect(details('8.rate-limit')).toMatch(
      /^a poll sent at once after the first \(\d+ ms later\) was throttled: 429 with Retry-After: 1, application\/problem\+json$/,
    );
    expect(details('4.2.media-type')).toBe(
      'the whole file served as application/json\na range served as application/json',
    );
    expect(details('4.3.response')).toBe('201, application/json, a JSON object with id');
  });

  it('skips, with the reason, what cannot be seen from outside or in a short run', () => {
    expect(ids('skipped')).toEqual([
      '8.polling-interval',
      '3.after-expiry',
      '5.1.3',
      '5.2.3',
      '5.2.5',
      '5.2.8',
      '4.5.partner-id-storage',
    ]);
    expect(details('5.2.3')).toMatch(/^not observable from outside: the Partner ID a server stored is never returned/);
    expect(details('8.polling-interval')).toMatch(/not at the suggested 15 or 30 s/);
  });

  it('writes JUnit XML with one testcase per rule: a failure for a fail, skipped for a skip, what was seen in system-out', () => {
    const xml = junitXml(
      {
        ...result,
        verdicts: [
          ...result.verdicts,
          { id: '5.2.7', kind: 'stated', rule: 'r', verdict: 'fail', details: ['a <Partner-ID> & "more"'] },
        ],
      },
      '2026-01-01T00:00:00.000Z',
    );
    const parsed = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml);
    const suite = parsed.testsuites.testsuite;
    const cases: any[] = suite.testcase;
    expect(cases.map((c) => c.name.split(' ')[0])).toEqual([...result.verdicts.map((v) => v.id), '5.2.7']);
    expect(suite.failures).toBe('1');
    expect(suite.skipped).toBe(String(ids('skipped').length));
    expect(cases.filter((c) => c.skipped).length).toBe(ids('skipped').length);
    expect(cases.at(-1).failure.message).toBe('a <Partner-ID> & "more"');
    const rateLimit = cases.find((c) => c.name.startsWith('8.rate-limit '));
    expect(rateLimit['system-out']).toMatch(/^observed: a poll sent at once after the first/);
  });
});

describe('polls at the suggested interval (15 s), judged from their times', () => {
  const exchange = (status: number, receivedAt: number, text = ''): Exchange => ({
    operation: 'requestCarrierSetup',
    method: 'GET',
    url: 'http://127.0.0.1/api/public/v3/setups/carriers',
    credentials: 'given',
    partnerId: false,
    status,
    headers: new Headers(status === 429 ? { 'Retry-After': '30' } : { 'Content-Type': 'application/json' }),
    body: new TextEncoder().encode(text),
    receivedAt,
  });
  const pending = (at: number) => exchange(200, at, '{"status":"IN_PROGRESS","expires_at":null,"url":null}');
  const polled = (polls: Exchange[]) => ({
    polls,
    statuses: polls
      .filter((p) => p.status === 200)
      .map((p) => ({ status: JSON.parse(new TextDecoder().decode(p.body)), exchange: p })),
    startedAt: polls[0]!.receivedAt,
  });

  // A suggested interval promises no answer: what the polls at it got is observed, with the times.
  it('[8.polling-interval] observes a poll at the suggested interval that was throttled, and those answered, with the times', () => {
    const throttled = new Report();
    judgeLifecycle(polled([pending(0), pending(10), pending(15_010), exchange(429, 30_020)]), 15_000, throttled);
    expect(throttled.verdicts().find((v) => v.id === '8.polling-interval')).toMatchObject({
      verdict: 'observed',
      details: [
        'a poll 15.0 s after the one before was throttled: 429 with Retry-After: 30',
        '1 polls 15.0 s after the one before were answered with a status',
      ],
    });
    const answered = new Report();
    judgeLifecycle(polled([pending(0), pending(10), pending(15_010), pending(45_020)]), 15_000, answered);
    expect(answered.verdicts().find((v) => v.id === '8.polling-interval')).toMatchObject({
      verdict: 'observed',
      details: ['2 polls 15.0 to 30.0 s after the one before were answered with a status'],
    });
    for (const report of [throttled, answered])
      expect(
        report
          .verdicts()
          .filter((v) => v.verdict === 'pass' || v.verdict === 'fail')
          .map((v) => v.id),
      ).not.toContain('8.polling-interval');
  });
});

describe('the rules conform reports', () => {
  it('are rules of openapi/rules.yaml, of the same kind, in the words of the map', () => {
    const map = new Map((loadRuleMap() as { rules: RuleEntry[] }).rules.map((entry) => [entry.id, entry]));
    for (const [id, kind, rule] of RULES) {
      expect(map.get(id), id).toMatchObject({ kind, rule });
    }
  });

  it('are each judged once: a rule left open is observed, never passed or failed', () => {
    const report = new Report();
    expect(() => report.pass('8.rate-limit', 'x')).toThrow(/left open/);
    expect(() => report.fail('no.such-rule', 'x')).toThrow(/no rule no\.such-rule/);
    report.pass('5.1.1', 'refused');
    report.skip('5.1.1', 'the file lies elsewhere');
    report.fail('5.2.7', 'returned');
    report.pass('5.2.7', 'no header');
    expect(report.verdicts()).toEqual([
      {
        id: '5.1.1',
        kind: 'stated',
        rule: RULES.find(([id]) => id === '5.1.1')![2],
        verdict: 'pass',
        details: ['refused', 'not checked: the file lies elsewhere'],
      },
      {
        id: '5.2.7',
        kind: 'stated',
        rule: RULES.find(([id]) => id === '5.2.7')![2],
        verdict: 'fail',
        details: ['returned', 'no header'],
      },
    ]);
  });
});
