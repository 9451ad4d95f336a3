// Where the specification is open, the contract stays open: forms the specification allows are
// accepted, what it does not show is not stated, and nothing from elsewhere is in the published bundle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as validators from '../../generated/validators/index.js';
import { root } from '../../scripts/lib/tools.ts';
import { bundlePath, readJson } from '../support/contract.ts';

const bundle = readJson(bundlePath);
const example = (name: string): any => structuredClone(bundle.components.examples[name].value);
const accepts = (schema: keyof typeof validators, document: unknown) => {
  const validate = validators[schema];
  return { ok: validate(document) as boolean, errors: JSON.stringify(validate.errors) };
};

describe('forms the specification allows are accepted', () => {
  // "ISO 8601 UTC timestamp": the specification names no precision and no format of ISO 8601.
  it.each(['2026-11-21T15:30:00Z', '2026-11-21T15:30Z', '2026-11-21T15:30:00.123456Z', '20261121T153000Z', '2026-11-21T15:30:00+00:00'])(
    'expires_at %s',
    (expiresAt) => {
      const { ok, errors } = accepts('CarrierSetupStatus', { ...example('CarrierSetupStatusCompleted'), expires_at: expiresAt });
      expect(ok, errors).toBe(true);
    },
  );

  // "ISO 8601 timestamp with UTC offset, fractional seconds" (basic and extended format not mixed).
  it.each(['2026-11-20T14:03:27.512+01:00', '20261120T140327.512+0100', '2026-11-20T13:03:27.5Z', '2026-11-20T14:03:27,512+01'])('ordered_at %s', (orderedAt) => {
    const { ok, errors } = accepts('SalesOrderCreate', { ...example('SalesOrderCreate'), ordered_at: orderedAt });
    expect(ok, errors).toBe(true);
  });

  // "decimal fraction as string": its range is not given.
  it.each(['0.25', '0', '1.5', '25'])('vat_percent %s', (vat) => {
    const order = example('SalesOrderCreate');
    order.order_lines[0].vat_percent = vat;
    const { ok, errors } = accepts('SalesOrderCreate', order);
    expect(ok, errors).toBe(true);
  });

  // "numeric" / number: whether whole, and the range, are not given.
  it.each([10042, 1.5, 0])('partner_id %s', (partnerId) => {
    const { ok, errors } = accepts('ShipmentCreate', { ...example('ShipmentCreateLegacyPartnerId'), partner_id: partnerId });
    expect(ok, errors).toBe(true);
  });

  // "lowercase with underscores".
  it.each(['postnord', 'db_schenker', '_'])('carrier code %s', (code) => {
    const file = example('CarrierSetupFile');
    file[0].code = code;
    const { ok, errors } = accepts('CarrierSetupFile', file);
    expect(ok, errors).toBe(true);
  });
});

describe('what the specification does not show is not stated', () => {
  const download = bundle.paths['/carrier-setup-file'].get;

  it('the 206 body is the bytes of the file, with no JSON schema', () => {
    const content = download.responses['206'].content;
    expect(Object.keys(content)).toEqual(['*/*']);
    expect(content['*/*'].schema).toBeUndefined();
  });

  it.each(['/shipments', '/sales_orders', '/imported_shipments', '/shipment_drafts'])('POST %s: the 2XX shape is open, not "no body"', (route) => {
    const success = bundle.paths[route].post.responses['2XX'];
    expect(Object.keys(success.content ?? {})).toEqual(['*/*']);
    expect(success.content['*/*'].schema).toBeUndefined();
    expect(success.content['*/*']['x-unspecified']).toMatch(/response shape/i);
  });

  it('every status code other than 2XX and default names the HTTP standard it follows', () => {
    const resolve = (node: any): any => (node?.$ref ? resolve(node.$ref.slice(1).split('/').slice(1).reduce((n: any, k: string) => n[k], bundle)) : node);
    const codes = Object.values<any>(bundle.paths).flatMap((item) =>
      Object.values<any>(item)
        .filter((op) => op?.responses)
        .flatMap((op) => Object.entries<any>(op.responses).filter(([code]) => !['2XX', 'default'].includes(code)).map(([code, r]) => [code, resolve(r)] as const)),
    );
    expect(codes.length).toBeGreaterThanOrEqual(9);
    for (const [code, response] of codes) expect(response['x-http-standard'], code).toMatch(/^RFC \d+/);
  });
});

describe('the published bundle holds nothing from elsewhere', () => {
  it('names no licence for the API', () => {
    expect(bundle.info.license).toBeUndefined();
  });

  it('leaves out the local mock server, which the source keeps as internal', () => {
    expect(JSON.stringify(bundle.servers)).not.toContain('127.0.0.1');
    const source = parse(readFileSync(path.join(root, 'openapi/openapi.yaml'), 'utf8'));
    const mock = source.servers.find((server: any) => server.url.startsWith('http://127.0.0.1'));
    expect(mock['x-internal']).toBe(true);
  });

  it('says nothing of pre-signed addresses, which the specification does not mention', () => {
    expect(readFileSync(bundlePath, 'utf8')).not.toMatch(/pre-signed/i);
  });
});
