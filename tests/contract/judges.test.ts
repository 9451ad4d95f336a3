// One verdict wherever an answer is judged: the same table of answers (tests/support/fixtures/
// judged-answers.ts) fed to the contract's judge, to `shipping-api conform`'s check of answers, to Try
// it's verdict, and to the client's reading of a range; each must name exactly the rules the table
// says the answer breaks. The HAR check reads the same table in tests/recordings/judges.integration.test.ts.
import { readFileSync } from 'node:fs';
import { contractJudge } from 'shipping-api-v3-contract';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkAnswers, checkPartnerIdNeverReturned } from '../../packages/cli/src/conform/answers.ts';
import { Report } from '../../packages/cli/src/conform/rules.ts';
import type { Exchange } from '../../packages/cli/src/conform/traffic.ts';
import { tryItContract } from '../../dev/docs/try-it/page.ts';
import { judge as tryIt } from '../../dev/docs/try-it/verdict.ts';
import { BUNDLE_JSON, root } from '../../dev/paths.ts';
import { FILE_URL, JUDGED_ANSWERS, type JudgedAnswer } from '../support/fixtures/judged-answers.ts';

const sorted = (rules: Iterable<string>) => [...new Set(rules)].sort();
const answerOf = (row: JudgedAnswer) => ({ status: row.status, headers: new Headers(row.headers), body: row.body });

/** The judges, each as the rules it finds an answer to break. */
const JUDGES: Record<string, (row: JudgedAnswer) => string[]> = {
  'the contract judge': (row) =>
    contractJudge()
      .judge(row.operation, answerOf(row))
      .findings.filter((finding) => finding.outcome === 'fail')
      .map((finding) => finding.rule),
  'shipping-api conform': (row) => {
    const exchange: Exchange = {
      operation: row.operation,
      method: row.operation.startsWith('create') ? 'POST' : 'GET',
      url: FILE_URL,
      credentials: 'given',
      partnerId: false,
      status: row.status,
      headers: new Headers(row.headers),
      body: new Uint8Array(Buffer.from(row.body)),
      receivedAt: 0,
    };
    const report = new Report();
    checkAnswers([exchange], report);
    checkPartnerIdNeverReturned([exchange], report);
    return report
      .verdicts()
      .filter((rule) => rule.verdict === 'fail')
      .map((rule) => rule.id);
  },
  'Try it': (() => {
    const ruleMap = parse(readFileSync(`${root}/openapi/rules.yaml`, 'utf8'));
    const contract = tryItContract(JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')), ruleMap, null);
    return (row: JudgedAnswer) =>
      tryIt(contract, row.operation, answerOf(row))
        .findings.filter((finding) => finding.outcome === 'fail')
        .map((finding) => finding.rule);
  })(),
};

describe('every judge reaches the verdict the table gives', () => {
  for (const [name, judgeOf] of Object.entries(JUDGES))
    describe(name, () => {
      for (const row of JUDGED_ANSWERS)
        it(`${row.title}: ${row.breaks.length ? `breaks ${row.breaks.join(', ')}` : 'breaks nothing'}`, () => {
          expect(sorted(judgeOf(row))).toEqual(sorted(row.breaks));
        });
    });
});

describe("the contract judge's verdict", () => {
  it('conforms only where it judged everything; an open status or shape is "not judged", never passed', () => {
    const verdicts = JUDGED_ANSWERS.map((row) => [
      row.title,
      contractJudge().judge(row.operation, answerOf(row)).verdict,
    ]);
    const of = (title: string) => verdicts.find(([t]) => t === title)![1];
    expect(of('a REQUESTED status')).toBe('conforms');
    expect(of('the whole file, sent as application/octet-stream')).toBe('conforms');
    expect(of('a throttled poll answered 429, a status the contract leaves open')).toBe('not judged');
    expect(of('the whole file answered 203, a success code the contract leaves open')).toBe('not judged');
    expect(of('a shipment created, answered 201 in plain text')).toBe('not judged');
    expect(of('a 401 challenging with basic')).toBe('not judged');
    for (const row of JUDGED_ANSWERS.filter((r) => r.breaks.length > 0))
      expect(of(row.title), row.title).toBe('breaks the contract');
  });

  it("says each finding in one sentence: a capital first, one stop last, the contract's words inside it", () => {
    for (const row of JUDGED_ANSWERS)
      for (const { text } of contractJudge().judge(row.operation, answerOf(row)).findings) {
        expect(text, row.title).toMatch(/^[A-Z][\s\S]*[^.]\.$/);
        expect(text, row.title).not.toMatch(/\.\.|: [A-Z][a-z]/);
      }
  });

  it('reads a Content-Range by the contract: any case of the unit, a length or *, nothing else', () => {
    const read = (value: string) => contractJudge().contentRange('downloadCarrierSetupFile', 206, value);
    expect(read('Bytes 10-73/2876')).toEqual({ start: 10, end: 73, length: 2876 });
    expect(read('bytes 10-73/*')).toEqual({ start: 10, end: 73, length: undefined });
    for (const refused of ['bytes */2876', 'bytes 10-73', ' bytes 10-73/2876', 'bytes 10-73/2876 '])
      expect(read(refused), refused).toBeUndefined();
    expect(contractJudge().contentRange('downloadCarrierSetupFile', 416, 'bytes */2876')).toBeUndefined();
  });

  it('matches a request to its operation under any base URL ending in /api/public/v3, and the file by the status that gave it', () => {
    const judge = contractJudge();
    expect(judge.match('post', 'https://h.example/edge/api/public/v3/sales_orders')).toEqual({
      operationId: 'createSalesOrder',
      baseUrl: 'https://h.example/edge/api/public/v3',
    });
    expect(judge.match('GET', 'https://h.example/api/public/v3/setups/carriers?x=1')?.operationId).toBe(
      'requestCarrierSetup',
    );
    expect(judge.match('GET', 'https://h.example/api/public/v2/setups/carriers')).toBeUndefined();
    expect(judge.match('GET', 'https://h.example/api/public/v3/shipments')).toBeUndefined();
    expect(judge.match('GET', 'https://h.example/x/setups/carriers', 'https://h.example/x')?.operationId).toBe(
      'requestCarrierSetup',
    );
    const completed = JUDGED_ANSWERS.find((row) => row.title === 'a COMPLETED status')!;
    expect(judge.linked('requestCarrierSetup', answerOf(completed))).toEqual([
      { operationId: 'downloadCarrierSetupFile', url: FILE_URL },
    ]);
    const pending = JUDGED_ANSWERS.find((row) => row.title === 'a REQUESTED status')!;
    expect(judge.linked('requestCarrierSetup', answerOf(pending))).toEqual([]);
  });
});
