// Checks recorded traffic (HAR 1.2) against the contract: each answer by the contract's one judge
// (shipping-api-v3-contract/judge, as `shipping-api conform` and Try it judge theirs), each request
// with `redocly drift`; one finding per exchange and problem, each naming its exchange, with the JSON
// pointer, the expected and the found.
//
// redocly drift's JSON report gives each problem once, with the first exchange that shows it and a
// count of occurrences; its SARIF report gives every occurrence with its exchange but no details.
// Both are read: SARIF says which exchanges, JSON says what was expected, and the value found is
// read from the exchange itself. Drift's findings on answers are left out: the judge's stand.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { contractJudge } from 'shipping-api-v3-contract';
import { pointerGet } from 'shipping-api-v3-contract/json-pointer';
import { answerOf, type HarEntry, HarError, harEntries, operationsOf } from 'shipping-api-v3-contract/traffic';
import { BUNDLE_JSON } from '../paths.ts';
import { routableBundle, SETUP_FILE_PATH } from '../mock/routable.ts';
import { redocly, withTempDir } from '../tools.ts';

/**
 * Headers that only steer a mock or a proxy on the way: not part of the API, so not drift.
 * `Prefer` picks a mock's example; the others are added by proxies.
 */
export const IGNORED_HEADERS = ['prefer', 'forwarded', 'via', 'x-forwarded-*'] as const;

export interface Finding {
  file: string;
  exchange: number;
  operation: string;
  method: string;
  url: string;
  status: number;
  target: 'request' | 'response' | string;
  pointer: string;
  expected: string;
  found: string;
  rule: string;
  message: string;
}

export interface HarReport {
  file: string;
  server: string;
  exchanges: number;
  /** Exchanges outside the API and the setup-file addresses it handed out: not checked. */
  skipped: number;
  /** The headers left out of the undocumented-header check. */
  ignoredHeaders: string[];
  findings: Finding[];
}

export interface CheckOptions {
  /** The API base URL of the recording; found from the first request to a path of the contract if absent. */
  server?: string;
  /** Headers to leave out of the check besides IGNORED_HEADERS; a trailing `*` matches a prefix. */
  ignoreHeaders?: string[];
}

const contractPaths = (): string[] => Object.keys(JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')).paths);

/** The API base URL of a recording: the part of a request URL in front of a path of the contract. */
export function inferServer(entries: HarEntry[]): string | undefined {
  const paths = contractPaths();
  for (const { request } of entries) {
    const url = new URL(request.url);
    const match = paths.find((p) => url.pathname.endsWith(p));
    if (match) return `${url.origin}${url.pathname.slice(0, -match.length)}`;
  }
  return undefined;
}

/** The value at a JSON pointer of an exchange's request or response body, as JSON text. */
function valueAt(entry: HarEntry | undefined, target: string, pointer: string): string | undefined {
  const text =
    target === 'request'
      ? entry?.request.postData?.text
      : target === 'response'
        ? entry?.response.content?.text
        : undefined;
  if (!text) return undefined;
  try {
    const found = pointerGet(JSON.parse(text), pointer);
    return found.found ? JSON.stringify(found.value) : undefined;
  } catch {
    return undefined;
  }
}

/** What identifies one problem in both reports of redocly drift. */
const problemKey = (p: {
  ruleId: string;
  message: string;
  operationId?: string;
  target?: string;
  schemaPath?: string;
  dataPath?: string;
  status?: number;
  method?: string;
}) =>
  JSON.stringify([
    p.ruleId,
    p.message,
    p.operationId ?? null,
    p.target ?? null,
    p.schemaPath ?? null,
    p.dataPath ?? null,
    p.status ?? null,
    p.method ?? null,
  ]);

/** A problem of drift's JSON report that occurred once, in the shape of a result of its SARIF report. */
const asSarifResult = (p: any) => ({
  ruleId: p.ruleId,
  message: { text: p.message },
  properties: {
    exchangeIndex: p.exchangeIndex,
    method: p.method,
    path: p.path,
    status: p.status,
    operationId: p.operationId,
    target: p.target,
    schemaPath: p.schemaPath,
    dataPath: p.dataPath,
  },
});

/** The headers the check leaves out: IGNORED_HEADERS, the option, and CONTRACT_IGNORE_HEADERS. */
export function ignoredHeaders(extra: string[] = [], env = process.env.CONTRACT_IGNORE_HEADERS): string[] {
  const fromEnv = (env ?? '').split(',');
  return [...new Set([...IGNORED_HEADERS, ...extra, ...fromEnv].map((h) => h.trim().toLowerCase()).filter(Boolean))];
}

export function checkHar(file: string, options: CheckOptions = {}): HarReport {
  let har: { log: { entries: HarEntry[] } };
  try {
    har = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not a readable HAR file (${(error as Error).message}).`);
  }
  let entries: HarEntry[];
  try {
    entries = harEntries(har);
  } catch (error) {
    if (error instanceof HarError) throw new Error(`${file}: ${error.message}.`);
    throw error;
  }
  if (entries.length === 0)
    throw new Error(`${file}: the HAR file has no entries (/log/entries is empty): there is no traffic to check.`);
  const server = (options.server ?? inferServer(entries))?.replace(/\/$/, '');
  if (!server)
    throw new Error(
      `${file}: no request of its ${entries.length} entries matches a path of the contract; pass --server <base URL>.`,
    );
  const ignored = ignoredHeaders(options.ignoreHeaders);

  // The download has no path in the contract; drift reads a copy that places it at a stand-in path
  // (routable.ts), and the addresses the recording handed out are pointed at it, so that drift
  // checks them too.
  const operations = operationsOf(contractJudge(), entries, server);
  const rewritten = structuredClone(har);
  rewritten.log.entries.forEach((entry, index) => {
    if (operations[index] === 'downloadCarrierSetupFile') entry.request.url = `${server}${SETUP_FILE_PATH}`;
  });

  return withTempDir('contract-', (dir) => {
    const traffic = path.join(dir, 'traffic.har');
    writeFileSync(traffic, JSON.stringify(rewritten));
    const api = path.join(dir, 'openapi.json');
    writeFileSync(api, JSON.stringify(routableBundle()));
    const drift = (format: string) => {
      const out = path.join(dir, `drift.${format}`);
      const result = redocly([
        'drift',
        traffic,
        '--api',
        api,
        '--server',
        server,
        '--ignore-headers',
        ignored.join(','),
        '--format',
        format,
        '-o',
        out,
      ]);
      try {
        return JSON.parse(readFileSync(out, 'utf8'));
      } catch {
        throw new Error(`redocly drift failed on ${file}:\n${result.stdout}${result.stderr}`);
      }
    };
    const report = drift('json');
    const details = new Map<string, any>();
    for (const p of report.problems as any[]) details.set(problemKey(p), p);
    // The JSON report groups a problem seen in several exchanges and names the first of them; the
    // SARIF report lists each. Only when something is grouped is drift run a second time, for SARIF.
    const seenInSeveral = (report.problems as any[]).some((p) => p.occurrences !== 1);
    const results: any[] = seenInSeveral
      ? drift('sarif').runs[0].results
      : (report.problems as any[]).map(asSarifResult);

    const findings: Finding[] = judgedAnswers(file, entries, operations);
    for (const result of results) {
      const props = result.properties ?? {};
      // Answers are the judge's (judgedAnswers).
      if (props.target === 'response') continue;
      const index = props.exchangeIndex as number;
      const grouped = details.get(problemKey({ ruleId: result.ruleId, message: result.message.text, ...props })) ?? {};
      const p = { ...grouped, ...props, ruleId: result.ruleId, message: result.message.text };
      // A request without accepted credentials answered with 401 is what the contract says.
      if (p.ruleId === 'security-baseline' && p.status === 401) continue;
      const info = grouped.details ?? {};
      const tag = info.keyword === 'discriminator' ? info.params?.tag : undefined;
      const pointer = `${p.dataPath ?? info.path ?? ''}${tag ? `/${tag}` : ''}`;
      findings.push({
        file,
        exchange: index,
        operation: p.operationId ?? '(no operation)',
        method: p.method ?? entries[index]?.request.method,
        url: entries[index]?.request.url ?? p.url,
        status: p.status ?? entries[index]?.response.status,
        target: p.target,
        pointer,
        expected: info.expected ?? info.ajvMessage ?? info.summary ?? p.message,
        found:
          (pointer ? valueAt(entries[index], p.target, pointer) : undefined) ??
          (index === grouped.exchangeIndex ? info.actual : undefined) ??
          '',
        rule: p.ruleId,
        message: p.message,
      });
    }
    findings.sort((a, b) => a.exchange - b.exchange);
    const checked = report.run.totalExchanges - report.run.skippedExchanges;
    return { file, server, exchanges: checked, skipped: entries.length - checked, ignoredHeaders: ignored, findings };
  });
}

/** Each answer of an operation of the contract, by the contract's judge: a finding per failure. */
function judgedAnswers(file: string, entries: HarEntry[], operations: Array<string | undefined>): Finding[] {
  const judge = contractJudge();
  return entries.flatMap((entry, index): Finding[] => {
    const operation = operations[index];
    if (!operation) return [];
    return judge
      .judge(operation, answerOf(entry))
      .findings.filter((finding) => finding.outcome === 'fail')
      .map((finding) => {
        const pointer = finding.pointer ?? '';
        return {
          file,
          exchange: index,
          operation,
          method: entry.request.method,
          url: entry.request.url,
          status: entry.response.status,
          target: 'response',
          pointer,
          expected: finding.text,
          found: (pointer ? valueAt(entry, 'response', pointer) : undefined) ?? '',
          rule: finding.rule,
          message: finding.text,
        };
      });
  });
}

export function formatReport(report: HarReport): string {
  const head =
    `${path.relative(process.cwd(), report.file) || report.file}: ${report.exchanges} exchanges checked against ${report.server}` +
    (report.skipped ? `, ${report.skipped} outside the API skipped` : '');
  const ignored = `  (headers not checked: ${report.ignoredHeaders.join(', ')})`;
  if (report.findings.length === 0) return `${head}: conforms.\n${ignored}`;
  const exchanges = new Set(report.findings.map((f) => f.exchange)).size;
  const lines = report.findings.map(
    (f) =>
      `  #${f.exchange} ${f.operation} ${f.method} ${f.url} -> ${f.status}\n` +
      `     ${f.target} ${f.pointer || '(whole message)'}: expected ${f.expected}${f.found ? `, found ${f.found}` : ''}  [${f.rule}]`,
  );
  const count = `${report.findings.length} finding${report.findings.length === 1 ? '' : 's'} in ${exchanges} exchange${exchanges === 1 ? '' : 's'}`;
  return `${head}: ${count}\n${lines.join('\n')}\n${ignored}`;
}

/** `npm run contract`: checks each HAR file and prints the reports; returns 0 without drift, 1 with. */
export function checkRecordings(
  files: string[],
  options: { server?: string; ignoreHeader?: string[]; json?: boolean } = {},
): number {
  let drift = 0;
  const reports: HarReport[] = [];
  for (const file of files) {
    const report = checkHar(path.resolve(file), { server: options.server, ignoreHeaders: options.ignoreHeader ?? [] });
    reports.push(report);
    drift += report.findings.length;
    if (!options.json) console.log(formatReport(report));
  }
  if (options.json) console.log(JSON.stringify(reports, null, 2));
  else console.log(drift === 0 ? '\nNo drift.' : `\nDrift: ${drift} finding${drift === 1 ? '' : 's'}.`);
  return drift === 0 ? 0 : 1;
}
