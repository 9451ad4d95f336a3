// The project's own coverage, written into the page of docs/coverage.md where the guide marks it:
// the traffic that conform and the sandbox session send to the sandbox, and the mock session to the
// mock (recorded by `npm run coverage:record` into tests/recordings/coverage/), counted against the bundle being built, with the documented
// responses no recording exercises named, and the exclusions with their reasons.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type ConformVerdicts,
  coverageOf,
  type Exclusion,
  markdownReport,
  unknownExclusions,
} from 'shipping-api-v3-cli/coverage';
import { createJudge, judgePlan } from 'shipping-api-v3-contract/judge';
import { harEntries } from 'shipping-api-v3-contract/traffic';
import { root } from '../paths.ts';

export const COVERAGE_GUIDE = 'docs/coverage.md';

/** The line of the guide that the page replaces with the project's coverage; a comment, so GitHub shows nothing. */
export const COVERAGE_MARKER = "<!-- The project's own coverage: written here on the page by npm run docs. -->";

const RECORDED = 'tests/recordings/coverage';

/** What the coverage section is made from, relative to the repository. */
export const COVERAGE_INPUTS = [
  `${RECORDED}/sandbox.har`,
  `${RECORDED}/mock.har`,
  `${RECORDED}/conform.json`,
  `${RECORDED}/exclusions.json`,
  'dev/docs/coverage-page.ts',
  'packages/cli/src/coverage/count.ts',
  'packages/cli/src/coverage/output.ts',
  'packages/contract/src/traffic.ts',
  'packages/contract/src/judge.ts',
  'packages/contract/src/judge-plan.ts',
];

const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const named = (operationId: string, method: string, at: string, status: string) =>
  `\`${operationId}\` (\`${method} ${at}\`) \`${status}\``;

export interface Recorded {
  /** The parsed HAR files: the sandbox's traffic (conform's among it) and the mock's. */
  hars: unknown[];
  /** What `shipping-api conform --json` printed. */
  conform: { verdicts: ConformVerdicts };
  exclusions: Exclusion[];
}

/** The project's recorded traffic, conform's verdicts and the exclusions, as committed. */
export const recorded = (): Recorded => ({
  hars: [readJson(`${RECORDED}/sandbox.har`), readJson(`${RECORDED}/mock.har`)],
  conform: readJson(`${RECORDED}/conform.json`),
  exclusions: readJson(`${RECORDED}/exclusions.json`).exclusions,
});

/** The Markdown of the project's coverage, against the bundled description `document`. */
export function projectCoverage(document: unknown, { hars, conform, exclusions }: Recorded = recorded()): string {
  // Placing requests and answers needs the judge's plan only, not its validators.
  const judge = createJudge(judgePlan(document), {});
  const unknown = unknownExclusions(judge, exclusions);
  if (unknown.length > 0) throw new Error(`${RECORDED}/exclusions.json: ${unknown.join('; ')}.`);
  const coverage = coverageOf(judge, hars.map(harEntries), { conform: [conform.verdicts], exclusions });
  const responses = coverage.operations.flatMap(({ operationId, method, path: at, responses: all }) =>
    all.map((response) => ({ name: named(operationId, method, at, response.status), ...response })),
  );
  const gaps = responses.filter((response) => response.count === 0 && !response.excluded);
  const excluded = responses.filter((response) => response.excluded);
  const list = (items: string[], none: string) => (items.length > 0 ? items.map((item) => `- ${item}`) : [none]);
  return [
    '**Documented responses that no recording exercises:**',
    '',
    ...list(
      gaps.map((gap) => gap.name),
      'None: every documented response is exercised or excluded.',
    ),
    '',
    `**Excluded, with the reason** (\`${RECORDED}/exclusions.json\`):`,
    '',
    ...list(
      excluded.map((response) => `${response.name}: ${response.excluded}`),
      'None.',
    ),
    '',
    markdownReport(coverage),
  ].join('\n');
}

/** A guide's Markdown as its page shows it: the coverage guide with the project's coverage where it marks it. */
export function withProjectCoverage(markdown: string, source: string, document: unknown): string {
  if (source !== COVERAGE_GUIDE) return markdown;
  if (!markdown.includes(COVERAGE_MARKER)) throw new Error(`${COVERAGE_GUIDE} lost the line ${COVERAGE_MARKER}`);
  return markdown.replace(COVERAGE_MARKER, projectCoverage(document));
}
