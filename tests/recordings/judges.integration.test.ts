// The HAR check (`npm run contract`) reaches the verdict of every other judge on the table of answers
// of tests/support/fixtures/judged-answers.ts (tests/contract/judges.test.ts feeds it to the others):
// the answers recorded after the COMPLETED status that hands out the file's address, each finding on
// an answer naming the rule the table gives.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { contractJudge } from 'shipping-api-v3-contract';
import { describe, expect, it } from 'vitest';
import { checkHar } from '../../dev/traffic/check-har.ts';
import { FILE_URL, JUDGED_ANSWERS } from '../support/fixtures/judged-answers.ts';
import { withTempDir } from '../support/harness/temp.ts';

const BASE = 'https://shipping.example/api/public/v3';
const completed = JUDGED_ANSWERS.find((row) => row.title === 'a COMPLETED status')!;
// The COMPLETED status first: the download's answers are matched by the address it hands out.
const rows = [completed, ...JUDGED_ANSWERS.filter((row) => row !== completed)];

function entryOf(row: (typeof rows)[number]) {
  const operation = contractJudge().operation(row.operation);
  const url = operation.path === '{url}' ? FILE_URL : `${BASE}${operation.path}`;
  return {
    startedDateTime: '2026-12-01T10:00:00.000Z',
    time: 1,
    request: {
      method: operation.method,
      url,
      httpVersion: 'HTTP/1.1',
      headers: [
        { name: 'Authorization', value: 'Basic [redacted]' },
        ...(operation.method === 'POST' ? [{ name: 'Content-Type', value: 'application/json' }] : []),
      ],
      queryString: [],
      cookies: [],
      headersSize: -1,
      bodySize: operation.method === 'POST' ? 2 : 0,
      ...(operation.method === 'POST' ? { postData: { mimeType: 'application/json', text: '{}' } } : {}),
    },
    response: {
      status: row.status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: Object.entries(row.headers).map(([name, value]) => ({ name, value })),
      cookies: [],
      content: { size: Buffer.byteLength(row.body), mimeType: row.headers['content-type'] ?? '', text: row.body },
      redirectURL: '',
      headersSize: -1,
      bodySize: Buffer.byteLength(row.body),
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  };
}

describe('the HAR check reaches the verdict the table gives', () => {
  const report = withTempDir('judges-', (dir) => {
    const file = path.join(dir, 'judges.har');
    const har = { log: { version: '1.2', creator: { name: 'judges', version: '1' }, entries: rows.map(entryOf) } };
    writeFileSync(file, JSON.stringify(har));
    return checkHar(file, { server: BASE });
  });

  rows.forEach((row, index) => {
    it(`${row.title}: ${row.breaks.length ? `breaks ${row.breaks.join(', ')}` : 'breaks nothing'}`, () => {
      const rules = report.findings.filter((f) => f.exchange === index && f.target === 'response').map((f) => f.rule);
      expect([...new Set(rules)].sort()).toEqual([...row.breaks].sort());
    });
  });
});
