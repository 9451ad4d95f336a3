// Checks recorded traffic (HAR 1.2) against the contract with `redocly drift`, and prints one line
// per finding: the operation, the JSON pointer, the expected and the found.
//   npm run contract -- <file.har> [<file.har> ...] [--server <base URL>] [--json]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { redocly, root, withTempDir } from './lib/tools.ts';

const BUNDLE = path.join(root, 'generated/openapi.yaml');
const BUNDLE_JSON = path.join(root, 'generated/openapi.json');
/** The stand-in path of the file download: the real file lives at the absolute `url` of a status. */
const SETUP_FILE_PATH = '/carrier-setup-file';

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
  findings: Finding[];
}

interface HarEntry {
  request: { method: string; url: string };
  response: { status: number; content?: { text?: string } };
}

const contractPaths = (): string[] =>
  Object.keys(JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')).paths).filter((p) => p !== SETUP_FILE_PATH);

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

/** The setup-file addresses handed out by COMPLETED status responses of the recording. */
function setupFileUrls(entries: HarEntry[], server: string): Set<string> {
  const urls = new Set<string>();
  for (const { request, response } of entries) {
    if (request.url !== `${server}/setups/carriers` || !response.content?.text) continue;
    try {
      const body = JSON.parse(response.content.text);
      if (body?.status === 'COMPLETED' && typeof body.url === 'string') urls.add(body.url);
    } catch {
      // A body that is not JSON is drift's to report.
    }
  }
  return urls;
}

export function checkHar(file: string, options: { server?: string } = {}): HarReport {
  let har: { log?: { entries?: HarEntry[] } };
  try {
    har = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file}: not a readable HAR file (${(error as Error).message}).`);
  }
  const entries = har.log?.entries;
  if (!Array.isArray(entries)) throw new Error(`${file}: not a HAR file: /log/entries is missing.`);
  const server = (options.server ?? inferServer(entries))?.replace(/\/$/, '');
  if (!server) throw new Error(`${file}: no request matches a path of the contract; pass --server <base URL>.`);

  // The file download is described as its own operation at a stand-in path; point the addresses the
  // recording handed out at it so that drift checks them too.
  const fileUrls = setupFileUrls(entries, server);
  const originalUrls = entries.map((e) => e.request.url);
  const rewritten = structuredClone(har) as { log: { entries: HarEntry[] } };
  for (const entry of rewritten.log.entries) {
    if (fileUrls.has(entry.request.url)) entry.request.url = `${server}${SETUP_FILE_PATH}`;
  }

  return withTempDir('contract-', (dir) => {
    const traffic = path.join(dir, 'traffic.har');
    const out = path.join(dir, 'drift.json');
    writeFileSync(traffic, JSON.stringify(rewritten));
    const result = redocly(['drift', traffic, '--api', BUNDLE, '--server', server, '--format', 'json', '-o', out]);
    let report: any;
    try {
      report = JSON.parse(readFileSync(out, 'utf8'));
    } catch {
      throw new Error(`redocly drift failed on ${file}:\n${result.stdout}${result.stderr}`);
    }
    const findings: Finding[] = [];
    for (const p of report.problems as any[]) {
      // A request without accepted credentials answered with 401 is what the contract says.
      if (p.ruleId === 'security-baseline' && p.status === 401) continue;
      const details = p.details ?? {};
      // A 206 body is a byte range of the JSON file, not a JSON document of its own.
      if (p.status === 206 && details.keyword === undefined && /not valid JSON/.test(p.message)) continue;
      const tag = details.keyword === 'discriminator' ? details.params?.tag : undefined;
      findings.push({
        file,
        exchange: p.exchangeIndex,
        operation: p.operationId ?? '(no operation)',
        method: p.method,
        url: originalUrls[p.exchangeIndex] ?? p.url,
        status: p.status,
        target: p.target,
        pointer: `${p.dataPath ?? details.path ?? ''}${tag ? `/${tag}` : ''}`,
        expected: details.expected ?? details.ajvMessage ?? details.summary ?? p.message,
        found: details.actual ?? '',
        rule: p.ruleId,
        message: p.message,
      });
    }
    const checked = report.run.totalExchanges - report.run.skippedExchanges;
    return { file, server, exchanges: checked, skipped: entries.length - checked, findings };
  });
}

export function formatReport(report: HarReport): string {
  const head = `${path.relative(process.cwd(), report.file) || report.file}: ${report.exchanges} exchanges checked against ${report.server}` +
    (report.skipped ? `, ${report.skipped} outside the API skipped` : '');
  if (report.findings.length === 0) return `${head}: conforms.`;
  const lines = report.findings.map(
    (f) =>
      `  #${f.exchange} ${f.operation} ${f.method} ${f.url} -> ${f.status}\n` +
      `     ${f.target} ${f.pointer || '(whole message)'}: expected ${f.expected}${f.found ? `, found ${f.found}` : ''}  [${f.rule}]`,
  );
  return `${head}: ${report.findings.length} finding${report.findings.length === 1 ? '' : 's'}\n${lines.join('\n')}`;
}

function main(): void {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { server: { type: 'string' }, json: { type: 'boolean', default: false } } });
  if (positionals.length === 0) {
    console.error('Usage: npm run contract -- <file.har> [<file.har> ...] [--server <base URL>] [--json]');
    process.exit(2);
  }
  let drift = 0;
  const reports: HarReport[] = [];
  for (const file of positionals) {
    try {
      const report = checkHar(path.resolve(file), { server: values.server });
      reports.push(report);
      drift += report.findings.length;
      if (!values.json) console.log(formatReport(report));
    } catch (error) {
      console.error((error as Error).message);
      process.exit(2);
    }
  }
  if (values.json) console.log(JSON.stringify(reports, null, 2));
  else console.log(drift === 0 ? '\nNo drift.' : `\nDrift: ${drift} finding${drift === 1 ? '' : 's'}.`);
  process.exit(drift === 0 ? 0 : 1);
}

if (import.meta.main) main();
