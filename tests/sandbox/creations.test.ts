// The four creations: 201 with an id and never a Partner ID; 400, 415, 413, 422 with problems that
// name the JSON pointer or the header; attribution per specification 5.2.
import { afterEach, describe, expect, it } from 'vitest';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import { basic, closeSandboxes, post, sandbox, sandboxFetch } from '../support/harness/sandbox.ts';

afterEach(closeSandboxes);

const shipment = {
  product_code: 'dp_pickup_point',
  reference: 'Ordre 1',
  sender: { name: 'A', address1: 'B', zipcode: '1620', city: 'C', country_code: 'DK' },
};
const salesOrder = {
  order_id: '100234',
  ordered_at: '2026-11-20T14:03:27.512+01:00',
  order_lines: [
    {
      line_type: 'item',
      item_name: 'Boot',
      item_sku: 'B-42',
      quantity: '2',
      unit_price_excluding_vat: '599.20',
      vat_percent: '0.25',
      currency_code: 'DKK',
    },
  ],
};

describe('creations', () => {
  it('[5.2.7] creates each kind with 201 and an id, never echoing a Partner ID', async () => {
    const s = await sandbox();
    const cases = [
      ['shipments', shipment, 'shipment-1'],
      ['shipments', shipment, 'shipment-2'],
      ['sales_orders', salesOrder, 'sales_order-1'],
      ['imported_shipments', { partner_id: 77 }, 'imported_shipment-1'],
      ['shipment_drafts', {}, 'shipment_draft-1'],
    ] as const;
    for (const [path, body, id] of cases) {
      const response = await post(`${s.baseUrl}/${path}`, body, { 'Partner-ID': '10042' });
      expect(response.status).toBe(201);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ id });
      expect(text).not.toMatch(/10042|77|partner/i);
    }
  });

  it('answers a body that breaks the schema with 422 and every problem with its JSON pointer', async () => {
    const s = await sandbox();
    const response = await post(`${s.baseUrl}/shipments`, {
      ...shipment,
      reference: 5,
      sender: { ...shipment.sender, country_code: 'dk' },
      partner_id: '10042',
    });
    expect(response.status).toBe(422);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    const body = await response.json();
    expect(body).toMatchObject({ type: 'about:blank', status: 422, title: 'Unprocessable Content' });
    const pointers = body.errors.map((e: { pointer: string }) => e.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/reference', '/sender/country_code', '/partner_id']));
    for (const error of body.errors) expect(error.message).toEqual(expect.any(String));
    const orders = await post(`${s.baseUrl}/sales_orders`, {
      ...salesOrder,
      order_lines: [{ ...salesOrder.order_lines[0], vat_percent: '25 %' }],
    });
    expect(orders.status).toBe(422);
    expect((await orders.json()).errors[0].pointer).toBe('/order_lines/0/vat_percent');
  });

  it('answers 400 to a body that is not JSON, 415 to another content type, 413 to a body over the limit', async () => {
    const s = await sandbox({ bodyLimit: 1000 });
    const notJson = await post(`${s.baseUrl}/shipments`, '{"reference":');
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).detail).toMatch(/not JSON/);
    const text = await post(`${s.baseUrl}/shipments`, '{}', { 'content-type': 'text/plain' });
    expect(text.status).toBe(415);
    expect((await text.json()).detail).toMatch(/application\/json/);
    const large = await post(`${s.baseUrl}/shipments`, { reference: 'x'.repeat(2000) });
    expect(large.status).toBe(413);
    expect((await large.json()).detail).toMatch(/1000 bytes/);
    const empty = await post(`${s.baseUrl}/shipments`, '');
    expect(empty.status).toBe(400);
  });

  it('[5.2.1] answers a Partner-ID that is not a number with 400 naming the header', async () => {
    const s = await sandbox();
    for (const value of ['abc', '10042abc', '1,5', '0x10', 'Infinity', '1e999', '']) {
      const response = await post(`${s.baseUrl}/shipments`, shipment, { 'Partner-ID': value });
      expect(response.status, value).toBe(400);
      const body = await response.json();
      expect(body.detail).toMatch(/Partner-ID/);
      expect(body.errors).toEqual([expect.objectContaining({ header: 'Partner-ID' })]);
    }
  });

  it('[5.2.1] answers a Partner-ID a double cannot hold with 400 saying what it would read as', async () => {
    const s = await sandbox();
    for (const [value, readsAs] of [
      ['1e-400', '0'],
      ['-2e-324', '0'],
      ['1e400', 'Infinity'],
      ['-1.8e308', '-Infinity'],
    ] as const) {
      const response = await post(`${s.baseUrl}/shipment_drafts`, {}, { 'Partner-ID': value });
      expect(response.status, value).toBe(400);
      const message = `${value} is beyond the range of a double (IEEE 754 binary64): it would read as ${readsAs}`;
      expect(await response.json()).toMatchObject({
        detail: `The Partner-ID header must be one number, such as 10042: ${message}.`,
        errors: [{ header: 'Partner-ID', message }],
      });
    }
    // What a double holds is stored as sent, the extremes and zero written any way included.
    for (const value of ['5e-324', '1.7976931348623157e+308', '0e-400', '-0.0'])
      expect((await post(`${s.baseUrl}/shipment_drafts`, {}, { 'Partner-ID': value })).status, value).toBe(201);
    const listed = await sandboxFetch(`${s.origin}/_sandbox/attributions`, {
      headers: { authorization: basic('tester') },
    });
    expect((await listed.json()).attributions.map((a: { partnerId: number }) => a.partnerId)).toEqual([
      5e-324,
      Number.MAX_VALUE,
      0,
      0,
    ]);
  });
});

describe('GET /_sandbox/attributions', () => {
  it('[4.5.partner-attribution] attributes an imported shipment to the Partner ID of the header or of the body field; with both, the header wins', async () => {
    const s = await sandbox();
    await post(`${s.baseUrl}/imported_shipments`, {}, { 'Partner-ID': '10042' });
    await post(`${s.baseUrl}/imported_shipments`, { partner_id: 9 });
    await post(`${s.baseUrl}/imported_shipments`, { partner_id: 9 }, { 'Partner-ID': '10042' });
    await post(`${s.baseUrl}/imported_shipments`, {});
    const response = await sandboxFetch(`${s.origin}/_sandbox/attributions`, {
      headers: { authorization: basic('tester') },
    });
    expect((await response.json()).attributions).toEqual([
      { id: 'imported_shipment-1', resource: 'imported_shipment', partnerId: 10042, source: 'header' },
      { id: 'imported_shipment-2', resource: 'imported_shipment', partnerId: 9, source: 'body' },
      {
        id: 'imported_shipment-3',
        resource: 'imported_shipment',
        partnerId: 10042,
        source: 'header',
        ignoredBodyPartnerId: 9,
      },
      { id: 'imported_shipment-4', resource: 'imported_shipment', partnerId: null, source: 'none' },
    ]);
  });

  it('[5.2.3] [5.2.5] shows the Partner ID stored on each resource and where it came from (specification 5.2)', async () => {
    const s = await sandbox();
    await post(`${s.baseUrl}/shipments`, { ...shipment, partner_id: 555 }, { 'Partner-ID': '10042' });
    await post(`${s.baseUrl}/shipments`, { ...shipment, partner_id: 555 });
    await post(`${s.baseUrl}/sales_orders`, salesOrder);
    await post(`${s.baseUrl}/imported_shipments`, { partner_id: 9 });
    await post(`${s.baseUrl}/shipment_drafts`, { partner_id: 555 });
    await post(`${s.baseUrl}/shipment_drafts`, { partner_id: 555 }, { 'Partner-ID': '10042' });
    await post(`${s.baseUrl}/shipments`, shipment, { 'Partner-ID': '10042' }, 'someone-else');
    const response = await sandboxFetch(`${s.origin}/_sandbox/attributions`, {
      headers: { authorization: basic('tester') },
    });
    expect(response.status).toBe(200);
    expect((await response.json()).attributions).toEqual([
      { id: 'shipment-1', resource: 'shipment', partnerId: 10042, source: 'header', ignoredBodyPartnerId: 555 },
      { id: 'shipment-2', resource: 'shipment', partnerId: 555, source: 'body' },
      { id: 'sales_order-1', resource: 'sales_order', partnerId: null, source: 'none' },
      { id: 'imported_shipment-1', resource: 'imported_shipment', partnerId: 9, source: 'body' },
      {
        id: 'shipment_draft-1',
        resource: 'shipment_draft',
        partnerId: null,
        source: 'none',
        ignoredBodyPartnerId: 555,
      },
      {
        id: 'shipment_draft-2',
        resource: 'shipment_draft',
        partnerId: 10042,
        source: 'header',
        ignoredBodyPartnerId: 555,
      },
    ]);
  });

  it("DELETE /_sandbox/state empties the caller's account only", async () => {
    const s = await sandbox();
    await post(`${s.baseUrl}/shipments`, shipment, {}, 'a');
    await post(`${s.baseUrl}/shipments`, shipment, {}, 'b');
    expect(
      (await sandboxFetch(`${s.origin}/_sandbox/state`, { method: 'DELETE', headers: { authorization: basic('a') } }))
        .status,
    ).toBe(204);
    const list = async (user: string) =>
      (
        await (
          await sandboxFetch(`${s.origin}/_sandbox/attributions`, { headers: { authorization: basic(user) } })
        ).json()
      ).attributions;
    expect(await list('a')).toEqual([]);
    expect(await list('b')).toHaveLength(1);
    expect(await (await post(`${s.baseUrl}/shipments`, shipment, {}, 'a')).json()).toEqual({ id: 'shipment-1' });
  });
});

describe('an account', () => {
  it('lists the newest MAX_ATTRIBUTIONS resources and holds no more than half as many again', async () => {
    const { MAX_ATTRIBUTIONS } = await import('../../packages/sandbox/src/service/state.ts');
    const { MemoryStore, trimAttributions } = await import('../../packages/sandbox/src/store/memory.ts');
    const store = new MemoryStore();
    const attribution = { resource: 'shipment', partnerId: null, source: 'none' } as const;
    for (let n = 1; n <= MAX_ATTRIBUTIONS * 3; n += 1) await store.create('a', 'shipment', attribution);
    const listed = await store.attributions('a');
    expect(listed).toHaveLength(MAX_ATTRIBUTIONS);
    expect(listed.at(-1)!.id).toBe(`shipment-${MAX_ATTRIBUTIONS * 3}`);
    expect(listed[0]!.id).toBe(`shipment-${MAX_ATTRIBUTIONS * 2 + 1}`);
    // What the store keeps after each creation, the rule it applies: never more than half as many again.
    let held: typeof listed = [];
    let most = 0;
    for (let n = 1; n <= MAX_ATTRIBUTIONS * 3; n += 1) {
      held.push({ id: `shipment-${n}`, ...attribution });
      held = trimAttributions(held);
      most = Math.max(most, held.length);
    }
    expect(most).toBeLessThanOrEqual(MAX_ATTRIBUTIONS * 1.5);
    expect(held.slice(-MAX_ATTRIBUTIONS)).toEqual(listed);
  });
});

describe('--check-shipments (off by default)', () => {
  const bundle = readJson(bundlePath);
  const example = () => structuredClone(bundle.components.examples.ShipmentCreate.value);

  it('answers 422 with the problems of the pre-flight check to a shipment its setup file does not offer', async () => {
    const s = await sandbox({ checkShipments: true });
    expect((await post(`${s.baseUrl}/shipments`, example())).status).toBe(201);
    const unknown = await post(`${s.baseUrl}/shipments`, { ...example(), product_code: 'dp_pickup_pont' });
    expect(unknown.status).toBe(422);
    const problem = (await unknown.json()) as { detail: string; errors: { pointer: string; message: string }[] };
    expect(problem.errors).toEqual([
      {
        pointer: '/product_code',
        message: expect.stringMatching(/^UNKNOWN_PRODUCT: .*Did you mean "dp_pickup_point"\?$/),
      },
    ]);
    expect(problem.detail).toContain('--check-shipments');
    const route = await post(`${s.baseUrl}/shipments`, {
      ...example(),
      receiver: { ...example().receiver, country_code: 'DE' },
    });
    expect(route.status).toBe(422);
    // Sales orders are not shipments: the option leaves them alone.
    expect((await post(`${s.baseUrl}/sales_orders`, { order_id: '1' })).status).toBe(201);
  });

  it('leaves the same shipment alone when off', async () => {
    const s = await sandbox();
    expect((await post(`${s.baseUrl}/shipments`, { ...example(), product_code: 'dp_pickup_pont' })).status).toBe(201);
  });
});
