// The mock's part of the project's own traffic (docs/coverage.md), recorded again against a mock of
// its own (Prism, a process): it exercises what the committed recording does (else: npm run
// coverage:record). The sandbox's part is coverage.test.ts's.
import { contractJudge } from 'shipping-api-v3-contract';
import { harEntries } from 'shipping-api-v3-contract/traffic';
import { expect, it } from 'vitest';
import { type Coverage, coverageOf } from '../../packages/cli/src/coverage/count.ts';
import { recorded } from '../../dev/docs/coverage-page.ts';
import { recordMockTraffic } from '../../dev/traffic/project-traffic.ts';

const exercised = (coverage: Coverage) =>
  coverage.operations.flatMap((o) => o.responses.filter((r) => r.count > 0).map((r) => `${o.operationId} ${r.status}`));

const coverageOfHar = (har: unknown) => coverageOf(contractJudge(), [harEntries(har)]);

it("the mock's recording, made again, exercises what the committed one does", async () => {
  const fresh = coverageOfHar(await recordMockTraffic());
  const committed = coverageOfHar(recorded().hars[1]);
  expect(exercised(fresh)).toEqual(exercised(committed));
  expect(exercised(committed)).toContain('downloadCarrierSetupFile 206');
  expect(fresh.unmatched).toEqual([]);
});
