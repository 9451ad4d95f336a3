// `conform` against the Prism mock (npm run mock): what a static mock can show passes (the shapes of
// its answers, the first status, the creations, the Partner ID never returned); what it cannot show
// is never counted as a pass. Its lifecycle never leaves REQUESTED, so the run ends at its --timeout,
// a limit of the run (exit 1, saying so), observes the time in 8.generation-time and skips the
// download, saying why; it takes any Basic credentials, so 5.1.1 fails.
import { beforeAll, expect, it } from 'vitest';
import { type SharedMock, sharedMock } from '../support/harness/mock.ts';
import { exampleCreations } from '../../packages/cli/src/conform/creations.ts';
import { type ConformResult, runConform } from '../../packages/cli/src/conform/index.ts';

let mock: SharedMock;
let result: ConformResult;

beforeAll(async () => {
  mock = await sharedMock();
  result = await runConform({
    connection: { baseUrl: mock.baseUrl, username: 'apiuser', apiKey: 'apikey', partnerId: 10042 },
    pollIntervalMs: 200,
    timeoutMs: 600,
    creations: exampleCreations(),
  });
}, 60_000);

const ids = (verdict: string) => result.verdicts.filter((v) => v.verdict === verdict).map((v) => v.id);
const details = (id: string) => result.verdicts.find((v) => v.id === id)!.details.join('\n');

it('passes what a static mock can show: the answers, the first status, the creations, no Partner ID returned', () => {
  expect(ids('pass')).toEqual([
    '4.1.response',
    '2.1.status',
    '2.1.url',
    '2.1.expires_at',
    '3.no-request',
    '4.1.step-1',
    '5.2.2',
    '5.2.7',
    '4.3.request',
    '4.4.request',
    '4.5.request',
    '4.6.request',
    '5.2.4',
  ]);
  expect(details('2.1.status')).toMatch(/^states seen: REQUESTED ×\d+$/);
});

it('ends at --timeout, a limit of the run and no verdict, and fails the wrong API key it accepts; exit 1', () => {
  expect(ids('fail')).toEqual(['5.1.1']);
  expect(ids('observed')).toContain('8.generation-time');
  expect(details('8.generation-time')).toMatch(
    /^no COMPLETED status within 0\.6 s \(--timeout\); the last was REQUESTED/,
  );
  expect(result.limit).toMatch(
    /^The run ended at its --timeout of 0\.6 s, a limit of the run and not of the specification \("up to several minutes"\): no COMPLETED status within/,
  );
  expect(details('5.1.1')).toMatch(/with a wrong API key was answered 200, not refused/);
  expect(result.exitCode).toBe(1);
});

it('never counts as a pass what the mock could not show: the steps of the lifecycle and the download are skipped, saying why', () => {
  for (const id of ['3.REQUESTED', '3.IN_PROGRESS', '4.2.returns', '4.2.range', '8.url-lifetime'])
    expect(ids('skipped'), id).toContain(id);
  expect(details('4.2.returns')).toMatch(/^not reached: no COMPLETED status within/);
  expect(details('3.IN_PROGRESS')).toBe('COMPLETED was not reached');
});
