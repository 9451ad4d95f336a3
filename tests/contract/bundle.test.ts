// The committed bundle matches the contract, the check catches a stale one, and the open points of
// the specification are all marked.
import { cpSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bundle, differingBundles } from '../../dev/build/build.ts';
import { withTempDir } from '../../dev/tools.ts';
import { tempDirForTests } from '../support/harness/temp.ts';
import { root } from '../../dev/paths.ts';
import { listUnspecified } from '../../dev/build/unspecified.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';

describe('generated/openapi.{yaml,json}', () => {
  // One fresh bundle of the contract, for both comparisons.
  const fresh = tempDirForTests('fresh-bundle-');
  beforeAll(() => bundle(fresh));

  it('match a fresh bundle of the contract', () => {
    expect(differingBundles(path.join(root, 'generated'), fresh)).toEqual([]);
  });

  it('the staleness check reports a bundle that differs from the contract', () => {
    return withTempDir('stale-bundle-', async (copy) => {
      cpSync(path.join(root, 'generated'), copy, { recursive: true });
      const yamlFile = path.join(copy, 'openapi.yaml');
      writeFileSync(
        yamlFile,
        readFileSync(yamlFile, 'utf8').replace('summary: Create a shipment', 'summary: Create a parcel'),
      );
      expect(differingBundles(copy, fresh)).toEqual(['openapi.yaml']);
    });
  });

  it('are self-contained: no $ref leaves the file', () => {
    const text = readFileSync(bundlePath, 'utf8');
    const refs = [...text.matchAll(/"\$ref":\s*"([^"]*)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    expect(refs.filter((r) => !r!.startsWith('#/'))).toEqual([]);
  });
});

describe('open points', () => {
  const points = listUnspecified(readJson(bundlePath));
  const texts = points.map((p) => p.text.toLowerCase()).join('\n');

  // What the specification marks as not shown, in its own words.
  const notShown = [
    'complete list of operations',
    'states and transitions of shipments, sales orders and shipment drafts',
    'several service codes',
    'which of these fields are required',
    'units of weight, length, width and height',
    'line_type other than item',
    'payload fields of a shipment draft',
    'payload fields of an imported shipment',
    'once expires_at has passed',
    'success status code',
    'the response shape (media type and body)',
    'whether a partner id is a whole number, and its range',
    'which sender fields are required, and whether sender has other fields',
    'which receiver fields are required, and whether receiver has other fields',
    'which ship_to fields are required, and whether ship_to has other fields',
    'whether an order line has other fields',
    'what a call made after the status is completed returns',
    'the exact success status code of the download',
    'which iso 8601 forms are used',
    'the range of vat_percent',
    'how credentials are issued, and whether scopes or permission levels exist',
    'inheritance rules',
    'events and webhooks',
    'error body shape, error codes and http status codes, including the response given when throttled',
    'request rate that triggers throttling',
    'other api versions',
    'element shape of package_types',
    'element shape of allowed_incoterms',
    'production host name',
  ];

  for (const phrase of notShown) {
    it(`"${phrase}" is marked x-unspecified`, () => {
      expect(texts).toContain(phrase);
    });
  }

  it('listUnspecified finds every marker with its JSON pointer', () => {
    const doc = { a: { 'x-unspecified': 'one' }, 'b/c': [{ 'x-unspecified': 'two' }] };
    expect(listUnspecified(doc)).toEqual([
      { pointer: '/a', text: 'one' },
      { pointer: '/b~1c/0', text: 'two' },
    ]);
  });

  it('every marker says what is not specified', () => {
    expect(points.filter((p) => p.text.trim().length < 8)).toEqual([]);
  });
});
