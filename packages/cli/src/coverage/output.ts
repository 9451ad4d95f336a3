// What `coverage` prints: a table on the terminal, the same as Markdown (for a pull request's comment
// or $GITHUB_STEP_SUMMARY), the document as JSON, and JUnit XML with a testcase per documented
// response (failed when never exercised, or skipped with skipUnexercised; an excluded one skipped
// with its reason).
import { escapeXml } from '../conform/output.ts';
import { table } from '../table.ts';
import type { Coverage, Figure, OperationCoverage, ResponseCoverage } from './count.ts';

const request = (operation: OperationCoverage) => `${operation.method} ${operation.path}`;

const times = (count: number) => (count === 1 ? '1 time' : `${count} times`);

const percent = (figure: Figure) => `${figure.percent}%`;

/** The closing figures: operations, responses and rules exercised, as counts and percentages. */
function summaryLine({ summary }: Coverage): string {
  const { operations, responses, rules, requests, unanswered } = summary;
  const excluded = responses.excluded ? `; ${responses.excluded} excluded` : '';
  const parts = [
    `${operations.exercised} of ${operations.total} operations (${percent(operations)})`,
    `${responses.exercised} of ${responses.total} documented responses (${percent(responses)}${excluded})`,
    ...(rules ? [`${rules.exercised} of ${rules.total} rules (${percent(rules)})`] : []),
  ];
  const without = unanswered ? ` (${unanswered} without an answer)` : '';
  return `Exercised: ${parts.join(', ')}; from ${requests} request${requests === 1 ? '' : 's'}${without}.`;
}

/** What a response's row says: how often, never, or excluded with the reason. */
function exercised(response: ResponseCoverage): string {
  if (response.count > 0) return String(response.count);
  return response.excluded ? `excluded: ${response.excluded}` : 'never';
}

/** One row per operation and documented response, then each status the operation does not document. */
function rows(coverage: Coverage): Array<[operation: string, request: string, response: string, exercised: string]> {
  return coverage.operations.flatMap((operation) => [
    ...operation.responses.map(
      (response, index) =>
        [
          index === 0 ? operation.operationId : '',
          index === 0 ? request(operation) : '',
          response.status,
          exercised(response),
        ] as [string, string, string, string],
    ),
    ...operation.undocumented.map(
      ({ status, count }) => ['', '', `${status} (not documented)`, String(count)] as [string, string, string, string],
    ),
  ]);
}

const neverExercised = (coverage: Coverage) =>
  (coverage.rules ?? []).filter(
    (rule) => rule.verdicts.skipped > 0 && rule.verdicts.pass + rule.verdicts.fail + rule.verdicts.observed === 0,
  );

/** The terminal's text: the table, the requests of no operation, the rules only skipped, the figures. */
export function textReport(coverage: Coverage, paint: (style: 'red' | 'yellow', text: string) => string): string[] {
  const body = rows(coverage).map(([operation, at, response, count]) => [
    operation,
    at,
    response,
    count === 'never' ? paint('red', count) : count.startsWith('excluded') ? paint('yellow', count) : count,
  ]);
  const lines = [table(['Operation', 'Request', 'Response', 'Exercised'], body)];
  if (coverage.unmatched.length > 0) {
    lines.push('', `Requests of no operation of the contract (${coverage.unmatched.length}):`);
    for (const { method, url, status, count } of coverage.unmatched)
      lines.push(`  ${method} ${url} -> ${status}${count > 1 ? ` (${times(count)})` : ''}`);
  }
  const skipped = neverExercised(coverage);
  if (skipped.length > 0) lines.push('', `Rules conform only skipped: ${skipped.map((rule) => rule.id).join(', ')}`);
  lines.push('', summaryLine(coverage));
  return lines;
}

/** A table cell of Markdown: a pipe would end it, a line break the row. */
const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');

const code = (text: string) => (text ? `\`${text}\`` : '');

/** The report as Markdown: the figures, a table of every documented response, the requests of no operation, the rules. */
export function markdownReport(coverage: Coverage): string {
  const lines = [
    `**${summaryLine(coverage)}**`,
    '',
    '| Operation | Request | Response | Exercised |',
    '|---|---|---|---|',
    ...rows(coverage).map(
      ([operation, at, response, count]) =>
        `| ${code(operation)} | ${code(at)} | ${code(response)} | ${count === 'never' ? '**never**' : cell(count)} |`,
    ),
  ];
  if (coverage.unmatched.length > 0)
    lines.push(
      '',
      `Requests of no operation of the contract (${coverage.unmatched.length}):`,
      '',
      '| Request | Status | Count |',
      '|---|---|---|',
      ...coverage.unmatched.map(
        ({ method, url, status, count }) => `| ${code(cell(`${method} ${url}`))} | ${status} | ${count} |`,
      ),
    );
  if (coverage.rules)
    lines.push(
      '',
      'Rules, by the verdicts of conform:',
      '',
      '| Rule | pass | fail | observed | skipped |',
      '|---|---|---|---|---|',
      ...coverage.rules.map(
        ({ id, verdicts }) =>
          `| ${code(id)} | ${verdicts.pass} | ${verdicts.fail} | ${verdicts.observed} | ${verdicts.skipped} |`,
      ),
    );
  return `${lines.join('\n')}\n`;
}

export const jsonReport = (coverage: Coverage) => JSON.stringify(coverage, null, 2);

function testcase(operation: OperationCoverage, response: ResponseCoverage, skipUnexercised: boolean): string {
  const name = escapeXml(`${request(operation)} ${response.status}`);
  const open = `    <testcase classname="coverage.${escapeXml(operation.operationId)}" name="${name}">`;
  const never = escapeXml(
    `No recorded answer of ${operation.operationId} was one the contract documents as ${response.status}.`,
  );
  const inner =
    response.count > 0
      ? `      <system-out>exercised ${times(response.count)}</system-out>`
      : response.excluded
        ? `      <skipped message="${escapeXml(`excluded: ${response.excluded}`)}"/>`
        : skipUnexercised
          ? '      <skipped message="never exercised"/>'
          : `      <failure message="never exercised">${never}</failure>`;
  return `${open}\n${inner}\n    </testcase>`;
}

/** The report as JUnit XML: one testsuite, one testcase per documented response. */
export function junitReport(coverage: Coverage, options: { skipUnexercised: boolean; timestamp: string }): string {
  const responses = coverage.operations.flatMap((operation) =>
    operation.responses.map((response) => ({ operation, response })),
  );
  const unexercised = responses.filter(({ response }) => response.count === 0);
  const excluded = unexercised.filter(({ response }) => response.excluded).length;
  const failures = options.skipUnexercised ? 0 : unexercised.length - excluded;
  const skipped = options.skipUnexercised ? unexercised.length : excluded;
  const attributes = `tests="${responses.length}" failures="${failures}" errors="0" skipped="${skipped}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="shipping-api coverage" ${attributes}>`,
    `  <testsuite name="coverage" ${attributes} timestamp="${options.timestamp}">`,
    ...responses.map(({ operation, response }) => testcase(operation, response, options.skipUnexercised)),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
