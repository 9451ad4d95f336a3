// Where the specification is open, the contract stays open: forms the specification allows are
// accepted, what it does not show is not stated, and nothing from elsewhere is in the published bundle.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as validators from '../../generated/validators/index.js';
import { pointerGet, pointerSegment } from 'shipping-api-v3-contract';
import { bundlePath, readJson, resolveRef } from '../support/harness/contract.ts';

const bundle = readJson(bundlePath);
const example = (name: string): any => structuredClone(bundle.components.examples[name].value);
const accepts = (schema: keyof typeof validators, document: unknown) => {
  const validate = validators[schema];
  return { ok: validate(document) as boolean, errors: JSON.stringify(validate.errors) };
};

describe('forms the specification allows are accepted', () => {
  // "ISO 8601 UTC timestamp": the specification names no precision and no format of ISO 8601.
  it.each([
    '2026-11-21T15:30:00Z',
    '2026-11-21T15:30Z',
    '2026-11-21T15:30:00.123456Z',
    '20261121T153000Z',
    '2026-11-21T15:30:00+00:00',
  ])('expires_at %s', (expiresAt) => {
    const { ok, errors } = accepts('CarrierSetupStatus', {
      ...example('CarrierSetupStatusCompleted'),
      expires_at: expiresAt,
    });
    expect(ok, errors).toBe(true);
  });

  // "ISO 8601 timestamp with UTC offset, fractional seconds" (basic and extended format not mixed).
  it.each([
    '2026-11-20T14:03:27.512+01:00',
    '20261120T140327.512+0100',
    '2026-11-20T13:03:27.5Z',
    '2026-11-20T14:03:27,512+01',
  ])('ordered_at %s', (orderedAt) => {
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

  // "decimal number as string": a point as in "0.25"; sign, digits on each side, leading zeros and
  // decimals are not given, so every such form is accepted, and nothing that is not a decimal number.
  it.each([
    ['2', true],
    ['599.20', true],
    ['+1', true],
    ['-1', true],
    ['.5', true],
    ['5.', true],
    ['007', true],
    ['599,20', false],
    ['1e3', false],
    ['', false],
    ['.', false],
    ['1.2.3', false],
    [' 1', false],
  ])('[2.4.decimal-form] quantity %j is a decimal number as a string: %s', (quantity, decimal) => {
    const order = example('SalesOrderCreate');
    order.order_lines[0].quantity = quantity;
    expect(accepts('SalesOrderCreate', order).ok).toBe(decimal);
  });

  // How many parcels and order lines there may be is not given: none and many are both accepted.
  it.each([0, 1, 40])('[2.3.parcels.count] [2.4.order_lines.count] %i parcels and %i order lines', (count) => {
    const shipment = example('ShipmentCreate');
    shipment.parcels = Array.from({ length: count }, () => shipment.parcels[0]);
    expect(accepts('ShipmentCreate', shipment).ok).toBe(true);
    const order = example('SalesOrderCreate');
    order.order_lines = Array.from({ length: count }, () => order.order_lines[0]);
    expect(accepts('SalesOrderCreate', order).ok).toBe(true);
  });

  // "numeric" / number: whether whole, and the range, are not given.
  it.each([10042, 1.5, 0])('partner_id %s', (partnerId) => {
    const { ok, errors } = accepts('ShipmentCreate', {
      ...example('ShipmentCreateLegacyPartnerId'),
      partner_id: partnerId,
    });
    expect(ok, errors).toBe(true);
  });

  // "lowercase with underscores".
  it.each(['demopost', 'db_schenker', '_'])('carrier code %s', (code) => {
    const file = example('CarrierSetupFile');
    file[0].code = code;
    const { ok, errors } = accepts('CarrierSetupFile', file);
    expect(ok, errors).toBe(true);
  });
});

describe('what the specification does not show is not stated', () => {
  const download = bundle.components.pathItems.CarrierSetupFile.get;

  // GET {url}: the address is the url of a COMPLETED status, so the download has no path under the
  // base URL; the status's link names it, and no tool can join the server to a path of its own.
  it('[4.2.returns] the download lives at no path, and the status links to it by operationRef', () => {
    expect(Object.values<any>(bundle.paths).some((item) => item.get?.operationId === 'downloadCarrierSetupFile')).toBe(
      false,
    );
    const link = bundle.paths['/setups/carriers'].get.responses['2XX'].links.downloadCarrierSetupFile;
    expect(link.operationId).toBeUndefined();
    expect(link.operationRef).toMatch(/^#\//);
    expect(pointerGet(bundle, link.operationRef.slice(1)).value).toBe(download);
    expect(download.operationId).toBe('downloadCarrierSetupFile');
  });

  // RFC 9110: a 206 with several ranges is multipart/byteranges with no top-level Content-Range, and a
  // 416 SHOULD (not must) carry one.
  it('requires Content-Range neither on a 206 nor on a 416', () => {
    expect(download.responses['206'].headers['Content-Range'].required).toBe(false);
    const range416 = download.responses['416'].headers['Content-Range'];
    const header = resolveRef(bundle, range416);
    expect(header.required).toBe(false);
  });

  it('the 206 body is the bytes of the file, with no JSON schema', () => {
    const content = download.responses['206'].content;
    expect(Object.keys(content)).toEqual(['*/*']);
    expect(content['*/*'].schema).toBeUndefined();
  });

  it.each(['/shipments', '/sales_orders', '/imported_shipments', '/shipment_drafts'])(
    'POST %s: the 2XX shape is open, not "no body"',
    (route) => {
      const success = bundle.paths[route].post.responses['2XX'];
      expect(Object.keys(success.content ?? {})).toEqual(['*/*']);
      expect(success.content['*/*'].schema).toBeUndefined();
      expect(success.content['*/*']['x-unspecified']).toMatch(/response shape/i);
    },
  );

  it('every status code other than 2XX and default names the HTTP standard it follows', () => {
    const resolve = (node: any): any => resolveRef(bundle, node);
    const codes = [...Object.values<any>(bundle.paths), ...Object.values<any>(bundle.components.pathItems)].flatMap(
      (item) =>
        Object.values<any>(item)
          .filter((op) => op?.responses)
          .flatMap((op) =>
            Object.entries<any>(op.responses)
              .filter(([code]) => !['2XX', 'default'].includes(code))
              .map(([code, r]) => [code, resolve(r)] as const),
          ),
    );
    expect(codes.length).toBeGreaterThanOrEqual(9);
    for (const [code, response] of codes) expect(response['x-http-standard'], code).toMatch(/^RFC \d+/);
  });
});

describe('the published bundle holds nothing from elsewhere', () => {
  it('names no licence for the API', () => {
    expect(bundle.info.license).toBeUndefined();
  });

  it('gives no http:// address, and no loopback address', () => {
    const text = readFileSync(bundlePath, 'utf8');
    expect(text).not.toMatch(/http:\/\//);
    expect(text).not.toMatch(/127\.0\.0\.1|localhost/);
  });

  // The contract is the API's: the mock, the sandbox and the tools' loopback exceptions are this
  // project's, and their guides say how to use them. Only the list of guides in info names a guide
  // by its title ("The sandbox"), as a link to it.
  const OURS =
    /\bmock\b|\bsandbox\b|localhost|loopback|127\.0\.0\.1|\[::1\]|\bprism\b|npm run|Prefer: (?:code|example|dynamic)=/i;
  /** The JSON pointer and the text of every string of `document` that names one of this project's servers. */
  function ownServers(document: unknown): string[] {
    const found: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (typeof node === 'string') {
        const text = at === '/info/description' ? node.replace(/^\*\*Guides\.\*\*.*$/m, '') : node;
        if (OURS.test(text)) found.push(`${at}: ${OURS.exec(text)![0]}`);
      } else if (typeof node === 'object' && node !== null)
        for (const [key, value] of Object.entries(node)) visit(value, `${at}/${pointerSegment(key)}`);
    };
    visit(document, '');
    return found;
  }

  it("names none of this project's servers: no mock, sandbox, localhost or loopback in its texts", () => {
    expect(ownServers(bundle)).toEqual([]);
    const copy = structuredClone(bundle);
    copy.components.examples.CarrierSetupFileSlice.description =
      'Against the local mock: `Prefer: code=206, example=firstSlice`.';
    copy.components.schemas.CarrierSetupStatusCompleted.properties.url['x-unspecified'] +=
      ' A server on a loopback host may hand out http.';
    expect(ownServers(copy)).toEqual([
      '/components/schemas/CarrierSetupStatusCompleted/properties/url/x-unspecified: loopback',
      '/components/examples/CarrierSetupFileSlice/description: mock',
    ]);
  });

  it('says nothing of pre-signed addresses, which the specification does not mention', () => {
    expect(readFileSync(bundlePath, 'utf8')).not.toMatch(/pre-signed/i);
  });
});
