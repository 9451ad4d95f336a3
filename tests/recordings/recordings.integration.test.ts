// Recorded traffic is the contract's evidence: every clean recording conforms, every planted fault
// in the drift recordings is reported exactly once, and no recording holds a credential.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkHar, formatReport } from '../../dev/traffic/check-har.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const hars = (dir: string) => readdirSync(path.join(here, dir)).filter((f) => f.endsWith('.har')).map((f) => path.join(here, dir, f));
const planted = JSON.parse(readFileSync(path.join(here, 'drift/expected.json'), 'utf8')) as Record<
  string,
  Array<{ exchange: number; target: string; pointer: string; fault: string }>
>;

describe('clean recordings', () => {
  it('cover the setup lifecycle with the download, the four creations with and without Partner-ID, and a 401', () => {
    const entries = hars('clean').flatMap((f) => JSON.parse(readFileSync(f, 'utf8')).log.entries);
    const seen = entries.map((e: any) => `${e.request.method} ${new URL(e.request.url).pathname.replace('/api/public/v3', '')} ${e.response.status}`);
    for (const expected of ['GET /setups/carriers 200', 'GET /setups/carriers 401', 'GET /carrier-setups/7f3c9a2e.json 200', 'GET /carrier-setups/7f3c9a2e.json 206']) {
      expect(seen).toContain(expected);
    }
    for (const path of ['/shipments', '/sales_orders', '/imported_shipments', '/shipment_drafts']) {
      const posts = entries.filter((e: any) => e.request.method === 'POST' && e.request.url.endsWith(path));
      const withHeader = posts.filter((e: any) => e.request.headers.some((h: any) => h.name.toLowerCase() === 'partner-id'));
      expect(withHeader.length, path).toBeGreaterThan(0);
      expect(posts.length - withHeader.length, path).toBeGreaterThan(0);
    }
  });

  for (const file of hars('clean')) {
    it(`${path.basename(file)} conforms to the contract`, () => {
      const report = checkHar(file);
      expect(report.findings, formatReport(report)).toEqual([]);
      expect(report.exchanges).toBeGreaterThan(0);
      expect(report.skipped).toBe(0);
    });
  }
});

describe('recordings with planted drift', () => {
  it('every drift recording has its planted faults listed', () => {
    expect(hars('drift').map((f) => path.basename(f)).sort()).toEqual(Object.keys(planted).sort());
  });

  for (const file of hars('drift')) {
    const name = path.basename(file);
    it(`${name}: each planted fault is reported once, and nothing else`, () => {
      const report = checkHar(file);
      const found = report.findings.map((f) => ({ exchange: f.exchange, target: f.target, pointer: f.pointer }));
      const expected = planted[name]!.map(({ exchange, target, pointer }) => ({ exchange, target, pointer }));
      expect(found).toEqual(expected);
      for (const f of report.findings) {
        expect(f.operation).toMatch(/^[a-z][A-Za-z]+$/);
        expect(f.expected.length).toBeGreaterThan(0);
      }
    });
  }
});

describe('credentials', () => {
  it('no recording holds an Authorization value other than the redaction', () => {
    for (const file of [...hars('clean'), ...hars('drift')]) {
      const entries = JSON.parse(readFileSync(file, 'utf8')).log.entries;
      for (const entry of entries) {
        for (const header of entry.request.headers) {
          if (/^(proxy-)?authorization$/i.test(header.name)) expect(header.value, file).toBe('Basic [redacted]');
        }
        expect(entry.request.url, file).not.toMatch(/\/\/[^/@]+@/);
      }
    }
  });
});
