// npm run contract reports every finding, and only real ones: a fault repeated in several exchanges
// is reported for each of them, headers that only steer a mock or a proxy are not drift (and the
// user can add more), and a HAR with no entries says so.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkHar, formatReport } from '../../dev/traffic/check-har.ts';
import { withTempDir } from '../support/harness/temp.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const entriesOf = (file: string) => JSON.parse(readFileSync(path.join(here, file), 'utf8')).log.entries as any[];
const harOf = (entries: unknown[]) => JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } });

/** Checks a HAR made of `entries` in a temporary folder. */
const check = (entries: unknown[], options?: Parameters<typeof checkHar>[1]) =>
  withTempDir('contract-check-', (dir) => {
    const file = path.join(dir, 'traffic.har');
    writeFileSync(file, harOf(entries));
    return checkHar(file, options);
  });

/** The clean status call, with extra request headers. */
function statusCall(headers: Record<string, string>) {
  const entry = structuredClone(entriesOf('clean/carrier-setup-lifecycle.har')[0]);
  for (const [name, value] of Object.entries(headers)) entry.request.headers.push({ name, value });
  return entry;
}

describe('npm run contract', () => {
  it('reports a fault in every exchange that shows it, not only the first', () => {
    const [broken, ...rest] = entriesOf('drift/carrier-setup-status.har');
    const clean = entriesOf('clean/carrier-setup-lifecycle.har')[0];
    const report = check([broken, ...rest, clean, clean, structuredClone(broken), clean, structuredClone(broken)]);
    const urlFaults = report.findings.filter((f) => f.pointer === '/url').map((f) => f.exchange);
    expect(urlFaults).toEqual([0, 5, 7]);
    expect(report.findings.map((f) => f.exchange)).toEqual([0, 1, 2, 5, 7]);
    const text = formatReport(report);
    for (const n of [0, 1, 2, 5, 7]) expect(text).toContain(`  #${n} requestCarrierSetup GET`);
    expect(text).toContain('5 findings in 5 exchanges');
  });

  it('does not take Prefer, Via, Forwarded or X-Forwarded-* for drift, and says which headers it leaves out', () => {
    const steered = { Prefer: 'example=completed', Via: '1.1 proxy', Forwarded: 'for=127.0.0.1', 'X-Forwarded-For': '127.0.0.1' };
    const report = check([statusCall(steered), statusCall(steered)]);
    expect(report.findings).toEqual([]);
    expect(formatReport(report)).toContain('(headers not checked: prefer, forwarded, via, x-forwarded-*)');
  });

  it('reports any other undocumented header in every exchange, unless the user leaves it out', () => {
    const entries = [statusCall({ 'X-Trace': '1' }), statusCall({ 'X-Trace': '2' })];
    const report = check(entries);
    expect(report.findings.map((f) => [f.exchange, f.message])).toEqual([
      [0, expect.stringMatching(/x-trace/i)],
      [1, expect.stringMatching(/x-trace/i)],
    ]);
    expect(check(entries, { ignoreHeaders: ['X-Trace'] }).findings).toEqual([]);
    expect(check(entries, { ignoreHeaders: ['x-*'] }).findings).toEqual([]);
    process.env.CONTRACT_IGNORE_HEADERS = 'x-other, x-trace';
    try {
      expect(check(entries).findings).toEqual([]);
    } finally {
      delete process.env.CONTRACT_IGNORE_HEADERS;
    }
  });

  it('says that a HAR with no entries has no entries', () => {
    expect(() => check([])).toThrow(/traffic\.har: the HAR file has no entries \(\/log\/entries is empty\): there is no traffic to check\./);
  });
});
