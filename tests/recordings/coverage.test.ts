// The project's own coverage (docs/coverage.md): every documented response of the contract is
// exercised by the committed recording of the project's traffic, or excluded with a reason; a fresh
// recording (npm run coverage:record) exercises what the committed one does; the page names a
// response no recording exercises, and an exclusion with its reason.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contractJudge } from 'shipping-api-v3-contract';
import { harEntries } from 'shipping-api-v3-contract/traffic';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Coverage, coverageOf, unknownExclusions } from '../../packages/cli/src/coverage/count.ts';
import { projectCoverage, type Recorded, recorded } from '../../dev/docs/coverage-page.ts';
import { BUNDLE_JSON } from '../../dev/paths.ts';
import { recordProjectTraffic } from '../../dev/traffic/project-traffic.ts';

const committed = recorded();
const document = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8'));

const coverageOfRecorded = ({ hars, conform, exclusions }: Recorded): Coverage =>
  coverageOf(contractJudge(), hars.map(harEntries), { conform: [conform.verdicts], exclusions });

/** What a coverage exercised: each documented response with a count, and each rule judged or observed. */
const exercised = (coverage: Coverage) => ({
  responses: coverage.operations.flatMap((o) =>
    o.responses.filter((r) => r.count > 0).map((r) => `${o.operationId} ${r.status}`),
  ),
  rules: (coverage.rules ?? [])
    .filter(({ verdicts }) => verdicts.pass + verdicts.fail + verdicts.observed > 0)
    .map(({ id }) => id),
});

describe("the project's recorded traffic", () => {
  it('exercises every documented response of the contract, or excludes it with a reason', () => {
    const coverage = coverageOfRecorded(committed);
    const gaps = coverage.operations.flatMap((o) =>
      o.responses.filter((r) => r.count === 0 && !r.excluded).map((r) => `${o.operationId} ${r.status}`),
    );
    expect(gaps).toEqual([]);
    expect(coverage.unmatched).toEqual([]);
  });

  it('names documented responses in its exclusions, each with a reason', () => {
    expect(unknownExclusions(contractJudge(), committed.exclusions)).toEqual([]);
    for (const exclusion of committed.exclusions) expect(exclusion.reason.trim()).not.toBe('');
  });

  describe('recorded again', () => {
    let fresh: Awaited<ReturnType<typeof recordProjectTraffic>>;
    beforeAll(async () => {
      fresh = await recordProjectTraffic();
    });

    it('exercises what the committed recording does (else: npm run coverage:record)', () => {
      // The sandbox's recording alone: the mock's is recorded again by coverage.integration.test.ts.
      const sandboxOnly = { ...committed, hars: committed.hars.slice(0, 1) };
      const again = coverageOfRecorded({ ...sandboxOnly, hars: [fresh.har], conform: JSON.parse(fresh.conform) });
      expect(exercised(again)).toEqual(exercised(coverageOfRecorded(sandboxOnly)));
    });

    it('holds no credentials', () => {
      expect(JSON.stringify(fresh.har)).not.toMatch(/coverage-key|Y292ZXJhZ2U6Y292ZXJhZ2Uta2V5/);
    });
  });
});

describe('the coverage page', () => {
  const without416 = structuredClone(committed) as any;
  for (const har of without416.hars)
    har.log.entries = har.log.entries.filter((entry: any) => entry.response.status !== 416);

  it('names each documented response no recording exercises', () => {
    const page = projectCoverage(document, without416);
    const gaps = page.split('**Documented responses that no recording exercises:**')[1]!.split('**Excluded')[0]!;
    expect(gaps.trim()).toBe('- `downloadCarrierSetupFile` (`GET {url}`) `416`');
    expect(projectCoverage(document, committed)).toContain(
      'None: every documented response is exercised or excluded.',
    );
  });

  it('shows each exclusion with its reason, and no more as a gap', () => {
    const page = projectCoverage(document, {
      ...without416,
      exclusions: [{ operationId: 'downloadCarrierSetupFile', status: '416', reason: 'a reason' }],
    });
    expect(page).toContain('None: every documented response is exercised or excluded.');
    expect(page).toContain('- `downloadCarrierSetupFile` (`GET {url}`) `416`: a reason');
  });

  it('refuses an exclusion of a response the contract does not document', () => {
    expect(() =>
      projectCoverage(document, {
        ...committed,
        exclusions: [{ operationId: 'createShipment', status: '200', reason: 'x' }],
      }),
    ).toThrow(/exclusions\.json: \/exclusions\/0: createShipment documents no response 200/);
  });

  it("counts the sandbox's recording and the mock's together", () => {
    const requests = committed.hars.reduce((sum: number, har: any) => sum + har.log.entries.length, 0);
    expect(committed.hars.map((har: any) => har.log.entries.length).every((count) => count > 0)).toBe(true);
    expect(projectCoverage(document, committed)).toContain(`; from ${requests} requests.`);
  });

  it('is the page of the coverage guide', () => {
    const page = readFileSync(path.join(path.dirname(BUNDLE_JSON), '../docs/coverage.html'), 'utf8');
    expect(page).toContain('Documented responses that no recording exercises:');
  });
});
