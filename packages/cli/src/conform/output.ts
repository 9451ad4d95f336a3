// What a conform run prints: one line per rule on a terminal, the whole result as JSON, and JUnit
// XML (one testcase per rule: a failure for a fail, skipped for a skip, what was seen in
// system-out) for CI systems.
import type { ConformResult } from './index.ts';
import type { RuleVerdict, Verdict } from './rules.ts';

interface Counts {
  /** Stated rules checked: passed or failed. */
  stated: number;
  pass: number;
  fail: number;
  observed: number;
  skipped: number;
}

function counts(verdicts: readonly RuleVerdict[]): Counts {
  const count = (verdict: Verdict) => verdicts.filter((v) => v.verdict === verdict).length;
  return {
    stated: count('pass') + count('fail'),
    pass: count('pass'),
    fail: count('fail'),
    observed: count('observed'),
    skipped: count('skipped'),
  };
}

const LABELS: Record<Verdict, string> = { pass: 'pass', fail: 'FAIL', observed: 'observed', skipped: 'skipped' };

/** One line per rule: the verdict, the id, and what was found (or why it was skipped). */
export function ruleLines(
  verdicts: readonly RuleVerdict[],
  paint: (verdict: Verdict, text: string) => string,
): string[] {
  const idWidth = Math.max(...verdicts.map((v) => v.id.length));
  return verdicts.map(
    (v) => `${paint(v.verdict, LABELS[v.verdict].padEnd(8))}  ${v.id.padEnd(idWidth)}  ${v.details.join('; ')}`,
  );
}

export function summaryLine(result: ConformResult): string {
  const c = counts(result.verdicts);
  const seconds = result.seconds.toFixed(1);
  const stated = `${c.stated} stated rules checked (${c.pass} pass, ${c.fail} fail)`;
  return `${result.server}: ${stated}, ${c.observed} observed, ${c.skipped} skipped, in ${seconds} s`;
}

export function jsonResult(result: ConformResult): string {
  return JSON.stringify({ ...result, counts: counts(result.verdicts) }, null, 2);
}

export const escapeXml = (text: string) =>
  text
    // Characters XML 1.0 cannot carry at all.
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function testcase(v: RuleVerdict): string {
  const details = escapeXml(v.details.join('\n'));
  const open = `    <testcase classname="conform.${v.kind}" name="${escapeXml(`${v.id} ${v.rule}`)}">`;
  const inner =
    v.verdict === 'fail'
      ? `      <failure message="${escapeXml(v.details[0] ?? 'failed')}">${details}</failure>`
      : v.verdict === 'skipped'
        ? `      <skipped message="${escapeXml(v.details[0] ?? 'skipped')}"/>`
        : `      <system-out>${v.verdict}: ${details}</system-out>`;
  return `${open}\n${inner}\n    </testcase>`;
}

/** The result as JUnit XML: one testsuite, one testcase per rule id. */
export function junitXml(result: ConformResult, timestamp: string): string {
  const c = counts(result.verdicts);
  const attributes = `tests="${result.verdicts.length}" failures="${c.fail}" errors="0" skipped="${c.skipped}" time="${result.seconds}"`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="shipping-api conform" ${attributes}>`,
    `  <testsuite name="${escapeXml(`conform ${result.server}`)}" ${attributes} timestamp="${timestamp}">`,
    ...result.verdicts.map(testcase),
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
