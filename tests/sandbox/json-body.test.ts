// JSON bodies over HTTP: an empty body and text that is not JSON; keys that could change an
// object's prototype, refused at their JSON pointer; numbers a double cannot hold, refused at their
// JSON pointer with the same sentence as the Partner-ID header, in the API and in /_sandbox; a body
// nested too deeply to read.
import { afterEach, describe, expect, it } from 'vitest';
import { basic, closeSandboxes, post, sandbox, sandboxFetch } from '../support/harness/sandbox.ts';

afterEach(closeSandboxes);

const PROTOTYPE = "The body has a key that could change an object's prototype, which the sandbox refuses (rename it)";
const beyond = (text: string, readsAs: string) =>
  `${text} is beyond the range of a double (IEEE 754 binary64): it would read as ${readsAs}`;

describe('a body that is empty or not JSON', () => {
  it('answers 400 saying the body is empty, or where JSON.parse stopped', async () => {
    const s = await sandbox();
    const empty = await post(`${s.baseUrl}/shipment_drafts`, '');
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      detail: 'The body is empty: send a JSON document.',
      errors: [{ pointer: '', message: 'is empty' }],
    });
    const cut = await post(`${s.baseUrl}/shipment_drafts`, '{"reference": "x",, }');
    expect(cut.status).toBe(400);
    expect(await cut.json()).toMatchObject({
      detail: expect.stringMatching(
        /^The body is not JSON: Expected double-quoted property name in JSON at position 18/,
      ),
      errors: [{ pointer: '', message: 'is not JSON' }],
    });
  });
});

describe('keys that could change an object prototype', () => {
  it('answers 400 naming the key and its JSON pointer, however the key is escaped', async () => {
    const s = await sandbox();
    for (const [body, pointer] of [
      ['{"a":{"__proto__":{"admin":true}}}', '/a/__proto__'],
      ['{"a":[1,{"\\u005f_proto__":{}}]}', '/a/1/__proto__'],
      ['{"x/y":{"constructor":{"prototype":{"admin":true}}}}', '/x~1y/constructor/prototype'],
    ] as const) {
      const response = await post(`${s.baseUrl}/shipment_drafts`, body);
      expect(response.status, body).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      const problem = await response.json();
      expect(problem.detail).toBe(`${PROTOTYPE}: ${pointer}.`);
      expect(problem.errors).toEqual([
        { pointer, message: expect.stringMatching(/could change an object's prototype/) },
      ]);
    }
  });

  it('accepts "constructor" that holds no "prototype", and "__proto__" as a value', async () => {
    const s = await sandbox();
    for (const body of [
      '{"constructor":"Bob"}',
      '{"constructor":{"name":"x"}}',
      '{"prototype":{"constructor":1}}',
      '{"note":"__proto__: constructor"}',
    ])
      expect((await post(`${s.baseUrl}/shipment_drafts`, body)).status, body).toBe(201);
  });
});

describe('numbers a double cannot hold', () => {
  it('answers 422 with each one at its JSON pointer, partner_id and any other number', async () => {
    const s = await sandbox();
    const body = `{"partner_id":1e-400,"lines":[{"weight":1e400},{"weight":-2e-324}],"n":1${'0'.repeat(400)}}`;
    const response = await post(`${s.baseUrl}/shipments`, body);
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.errors).toEqual([
      { pointer: '/partner_id', message: beyond('1e-400', '0') },
      { pointer: '/lines/0/weight', message: beyond('1e400', 'Infinity') },
      { pointer: '/lines/1/weight', message: beyond('-2e-324', '0') },
      { pointer: '/n', message: beyond(`1${'0'.repeat(15)}…${'0'.repeat(16)} (401 characters)`, 'Infinity') },
    ]);
    expect(problem.detail).toMatch(/^The body has a number that a double cannot hold: \/partner_id 1e-400 is beyond/);
  });

  it('finds them without an exponent of three digits: long runs of digits, alone in a body', async () => {
    const s = await sandbox();
    for (const [text, shown, readsAs] of [
      [`1${'0'.repeat(250)}e99`, `1${'0'.repeat(15)}…${'0'.repeat(13)}e99 (254 characters)`, 'Infinity'],
      [`0.${'0'.repeat(250)}1e-99`, `0.${'0'.repeat(14)}…${'0'.repeat(11)}1e-99 (257 characters)`, '0'],
    ]) {
      const response = await post(`${s.baseUrl}/imported_shipments`, `{"weight":${text}}`);
      expect(response.status, shown).toBe(422);
      expect((await response.json()).errors).toEqual([{ pointer: '/weight', message: beyond(shown!, readsAs!) }]);
    }
  });

  it('stores the extremes a double does hold, as written, and zero written any way', async () => {
    const s = await sandbox();
    for (const text of ['5e-324', '1.7976931348623157e308', '0e-999', '-0.000e400', '3e-324'])
      expect((await post(`${s.baseUrl}/imported_shipments`, `{"partner_id":${text}}`)).status, text).toBe(201);
    const listed = await sandboxFetch(`${s.origin}/_sandbox/attributions`, {
      headers: { authorization: basic('tester') },
    });
    expect((await listed.json()).attributions.map((a: { partnerId: number }) => a.partnerId)).toEqual([
      5e-324,
      Number.MAX_VALUE,
      0,
      0,
      5e-324,
    ]);
  });

  it('refuses one in the body of /_sandbox/faults, and one at the root, the same way', async () => {
    const s = await sandbox();
    const fault = await post(`${s.origin}/_sandbox/faults`, '{"fault":"throttle","count":1e999}');
    expect(fault.status).toBe(422);
    expect((await fault.json()).errors).toEqual([{ pointer: '/count', message: beyond('1e999', 'Infinity') }]);
    const root = await post(`${s.baseUrl}/shipment_drafts`, '-1E+400');
    expect(root.status).toBe(422);
    expect((await root.json()).errors).toEqual([{ pointer: '', message: beyond('-1E+400', '-Infinity') }]);
  });

  it('answers 400 to a body with such a number nested deeper than JSON.parse with a reviver can go, and finds one a little less deep', async () => {
    const s = await sandbox();
    const nested = (depth: number, number = '1e400') => `${'['.repeat(depth)}${number}${']'.repeat(depth)}`;
    const deep = await post(`${s.baseUrl}/shipment_drafts`, nested(20_000));
    expect(deep.status).toBe(400);
    expect(await deep.json()).toMatchObject({
      detail: 'The body nests arrays or objects too deeply to be read (thousands of levels).',
      errors: [{ pointer: '', message: 'is nested too deeply' }],
    });
    const response = await post(`${s.baseUrl}/shipment_drafts`, nested(1000));
    expect(response.status).toBe(422);
    expect((await response.json()).errors).toEqual([
      { pointer: '/0'.repeat(1000), message: beyond('1e400', 'Infinity') },
    ]);
    // As deep, with no number that could be beyond a double: read, and refused by the schema.
    const plain = await post(`${s.baseUrl}/shipment_drafts`, nested(20_000, '1e40'));
    expect(plain.status).toBe(422);
    expect((await plain.json()).detail).toMatch(/^The body breaks the ShipmentDraftCreate schema/);
  });

  it('lists the first 20 and says there are more', async () => {
    const s = await sandbox();
    const response = await post(
      `${s.baseUrl}/shipment_drafts`,
      JSON.stringify(Array(25).fill(0)).replaceAll('0', '1e400'),
    );
    expect(response.status).toBe(422);
    const problem = await response.json();
    expect(problem.errors.map((e: { pointer: string }) => e.pointer)).toEqual(
      Array.from({ length: 20 }, (_, i) => `/${i}`),
    );
    expect(problem.detail).toMatch(
      /\/19 1e400 is beyond the range of a double \(IEEE 754 binary64\): it would read as Infinity, and more\.$/,
    );
  });

  it('leaves alone digits and exponents inside strings', async () => {
    const s = await sandbox();
    const body = JSON.stringify({ reference: `1e400 ${'9'.repeat(400)}`, partner_id: 10042 });
    expect((await post(`${s.baseUrl}/imported_shipments`, body)).status).toBe(201);
  });
});
