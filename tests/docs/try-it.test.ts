// Try it's parts that need no browser: what the page knows of the contract (every operation, its
// rules, open ones open), the verdict on answers, the origins it may reach, the snippets, the
// variable that names a hosted sandbox, and the page's policy (every script by its hash, nothing else).
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { scriptHashes, withPolicy } from '../../dev/docs/policy.ts';
import { BUNDLE_JSON, DOCS_PAGE, root } from '../../dev/paths.ts';
import type { TryItContract } from '../../dev/docs/try-it/contract.ts';
import { judgePlan } from 'shipping-api-v3-contract/judge';
import { hostedSandboxUrl, panelScript, tryItContract } from '../../dev/docs/try-it/page.ts';
import { ruleMapOf } from '../../dev/build/rule-text.ts';
import { tempDirForTests } from '../support/harness/temp.ts';
import { checkBody, operationOf } from '../../dev/docs/try-it/request.ts';
import { checkTarget } from '../../dev/docs/try-it/servers.ts';
import { curlSnippet } from '../../dev/docs/try-it/snippets.ts';
import { judge } from '../../dev/docs/try-it/verdict.ts';

const document = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8'));
const ruleMap = parse(readFileSync(`${root}/openapi/rules.yaml`, 'utf8'));
const contract: TryItContract = tryItContract(document, ruleMap, null);

describe('what the panel knows of the contract', () => {
  it("every operation of the bundle and the download, each answer judged by the plan of the contract's judge", () => {
    expect(contract.operations.map((o) => `${o.method} ${o.path} ${o.operationId}`)).toEqual([
      'GET /setups/carriers requestCarrierSetup',
      'POST /shipments createShipment',
      'POST /sales_orders createSalesOrder',
      'POST /imported_shipments createImportedShipment',
      'POST /shipment_drafts createShipmentDraft',
      'GET {url} downloadCarrierSetupFile',
    ]);
    expect(contract.judge).toEqual(judgePlan(document));
  });

  it('a body is checked under the field rules of section 2.3 or 2.4 only where that section gives its fields', () => {
    expect(Object.values(operationOf(contract, 'createShipment').body!.fieldRules)).toContain('2.3.parcels');
    expect(Object.values(operationOf(contract, 'createSalesOrder').body!.fieldRules)).toContain('2.4.order_lines');
    // Sections 4.5 and 4.6 show no fields: an imported shipment's or a draft's body is no shipment's.
    for (const id of ['createImportedShipment', 'createShipmentDraft'])
      expect(operationOf(contract, id).body!.fieldRules, id).toEqual({});
    expect(checkBody(operationOf(contract, 'createImportedShipment'), '{"partner_id":"x"}')).toEqual([
      { pointer: '/partner_id', message: expect.any(String), rule: '4.5.request' },
    ]);
  });

  it("starts every body from the operation's example, which validates and has no partner_id", () => {
    for (const operation of contract.operations.filter((o) => o.body)) {
      expect(operation.body!.example, operation.operationId).not.toHaveProperty('partner_id');
      expect(checkBody(operation, JSON.stringify(operation.body!.example)), operation.operationId).toEqual([]);
    }
  });

  it('a refused body: each problem at its JSON pointer, under the rule of its field', () => {
    const shipments = operationOf(contract, 'createShipment');
    expect(checkBody(shipments, '{"parcels":[{"weight":"heavy"}]}')).toEqual([
      { pointer: '/parcels/0/weight', message: 'must be number', rule: '2.3.parcels' },
    ]);
    expect(checkBody(shipments, '{"parcels":')[0]).toMatchObject({ pointer: '', rule: '4.3.request' });
  });
});

describe('the verdict', () => {
  const headers = (entries: Record<string, string> = {}) =>
    new Headers({ 'content-type': 'application/json', ...entries });
  const setup = 'requestCarrierSetup';

  it('conforms when the status, the headers and the body hold', () => {
    const judged = judge(contract, setup, {
      status: 200,
      headers: headers(),
      body: '{"status":"REQUESTED","expires_at":null,"url":null}',
    });
    expect(judged.verdict).toBe('conforms');
  });

  it('breaks the contract at the JSON pointer, under the field rule', () => {
    const judged = judge(contract, setup, {
      status: 200,
      headers: headers(),
      body: '{"status":"DONE","expires_at":null,"url":null}',
    });
    expect(judged.verdict).toBe('breaks the contract');
    expect(judged.findings.filter((f) => f.outcome === 'fail')).toMatchObject([
      { rule: '2.1.status', pointer: '/status' },
    ]);
  });

  it('a 401 without WWW-Authenticate breaks 5.1.1; the Partner ID coming back breaks 5.2.7', () => {
    const refused = judge(contract, setup, { status: 401, headers: headers(), body: '{}' });
    expect(refused.findings.filter((f) => f.outcome === 'fail').map((f) => f.rule)).toEqual(['5.1.1']);
    const leaked = judge(contract, setup, {
      status: 200,
      headers: headers({ 'partner-id': '1' }),
      body: '{"status":"REQUESTED","expires_at":null,"url":null,"partner_id":1}',
    });
    expect(leaked.findings.filter((f) => f.rule === '5.2.7' && f.outcome === 'fail')).toHaveLength(2);
  });

  it('an open shape is not judged, never passed: a throttled answer, a creation, a 401 with its challenge', () => {
    const throttled = judge(contract, setup, { status: 429, headers: headers({ 'retry-after': '5' }), body: '{}' });
    expect(throttled.verdict).toBe('not judged');
    expect(throttled.findings.filter((f) => f.rule === '7.errors-not-shown').map((f) => f.outcome)).toEqual([
      'not judged',
    ]);
    const created = judge(contract, 'createShipmentDraft', {
      status: 201,
      headers: headers(),
      body: '{"id":1}',
    });
    expect(created.verdict).toBe('not judged');
    const challenged = judge(contract, setup, {
      status: 401,
      headers: headers({ 'www-authenticate': 'Bearer, basic realm="x"' }),
      body: '',
    });
    expect(challenged.verdict).toBe('not judged');
  });
});

describe('the origins Try it may reach', () => {
  it('refuses any other before sending, naming the origins it may reach', () => {
    const allowed = ['http://127.0.0.1:8080'];
    expect(checkTarget('http://127.0.0.1:8080/_try/sandbox/api/public/v3', allowed)).toHaveProperty('url');
    expect(checkTarget('http://127.0.0.1:9/api/public/v3', allowed)).toEqual({
      refused:
        'Refused: http://127.0.0.1:9 is not an origin this page was built to reach, so nothing was sent. It reaches http://127.0.0.1:8080. A published site names its hosted sandbox when it is built (DOCS_SANDBOX_URL, see docs/try-it.md).',
    });
    expect(checkTarget('sandbox', allowed)).toEqual({
      refused: 'Server: "sandbox" is not an address; give one such as https://sandbox.example.com/api/public/v3.',
    });
  });

  it('DOCS_SANDBOX_URL: an HTTPS base URL (HTTP on loopback) ending in /api/public/v3, or a refusal naming it', () => {
    expect(hostedSandboxUrl(undefined)).toBeNull();
    expect(hostedSandboxUrl('https://sandbox.example.com/api/public/v3/')).toBe(
      'https://sandbox.example.com/api/public/v3',
    );
    expect(hostedSandboxUrl('http://127.0.0.1:4020/api/public/v3')).toBe('http://127.0.0.1:4020/api/public/v3');
    for (const value of [
      'http://sandbox.example.com/api/public/v3',
      'https://sandbox.example.com/',
      'sandbox',
      'https://u:p@x.example/api/public/v3',
    ])
      expect(() => hostedSandboxUrl(value), value).toThrow(
        /^DOCS_SANDBOX_URL must be the base URL of a hosted sandbox/,
      );
  });
});

it('a snippet names the variables, never a value, and quotes the body for the shell', () => {
  const snippet = curlSnippet({
    operationId: 'createShipment',
    method: 'POST',
    url: 'http://127.0.0.1:8080/_try/sandbox/api/public/v3/shipments',
    headers: { 'Partner-ID': '10042', 'Content-Type': 'application/json' },
    body: `{"reference":"it's"}`,
  });
  expect(snippet).toBe(
    [
      `curl -u "$SHIPPING_USER:$SHIPPING_API_KEY" -X POST 'http://127.0.0.1:8080/_try/sandbox/api/public/v3/shipments'`,
      `-H "Partner-ID: $SHIPPING_PARTNER_ID"`,
      `-H 'Content-Type: application/json'`,
      `--data-binary '{"reference":"it'\\''s"}'`,
    ].join(' \\\n  '),
  );
});

describe("the reference's Content-Security-Policy", () => {
  const html = readFileSync(DOCS_PAGE, 'utf8');
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)![1]!;

  it("allows each of the page's scripts by its sha256 and nothing else; requests to itself only", () => {
    const scripts = [...html.matchAll(/<script(?: type="module")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThanOrEqual(4);
    const hashes = scripts.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    const scriptSrc = /script-src ([^;]*)/.exec(policy)![1]!.split(' ');
    expect(scriptSrc.sort()).toEqual([...new Set(hashes)].sort());
    expect(/connect-src ([^;]*)/.exec(policy)![1]).toBe("'self' blob: data:");
  });

  it('the data block is no script, and a page built for a hosted sandbox allows exactly its origin', () => {
    expect(scriptHashes('<script type="application/json">{}</script><script>a()</script>')).toHaveLength(1);
    const built = withPolicy(
      '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'" /><script>a()</script>',
      ['https://sandbox.example.com'],
    );
    expect(built).toContain("connect-src 'self' blob: data: https://sandbox.example.com\"");
  });
});

describe("the panel's script, bundled once per change of what it is made from", () => {
  const dir = tempDirForTests('try-it-panel-');
  const entry = path.join(dir, 'panel.ts');
  const sibling = path.join(dir, 'words.ts');
  writeFileSync(
    entry,
    "import { word } from './words.ts';\nimport * as v from 'shipping-api-v3-contract/validators';\nconsole.log(word, v.probe);\n",
  );
  const validators = (text: string) => `export const probe = ${JSON.stringify(text)};\n`;

  it('reuses the script while neither the validators nor a file it is bundled from changed', () => {
    writeFileSync(sibling, "export const word = 'first-word';\n");
    const first = panelScript(validators('first-validators'), entry);
    expect(first).toContain('first-word');
    expect(first).toContain('first-validators');
    expect(panelScript(validators('first-validators'), entry)).toBe(first);
  });

  it('bundles again when a file the panel imports changed', () => {
    writeFileSync(sibling, "export const word = 'second-word';\n");
    const script = panelScript(validators('first-validators'), entry);
    expect(script).toContain('second-word');
    expect(script).not.toContain('first-word');
  });

  it('bundles again when the validators changed', () => {
    const script = panelScript(validators('second-validators'), entry);
    expect(script).toContain('second-validators');
    expect(script).not.toContain('first-validators');
  });
});

describe('the rule map, parsed once per change of its text', () => {
  const map = (rule: string) => `rules:\n  - id: '1.1'\n    kind: stated\n    rule: ${rule}\n`;

  it('is the same map while the text is the same, and the new one when it changed', () => {
    const first = ruleMapOf(map('first words'));
    expect(ruleMapOf(map('first words'))).toBe(first);
    expect(ruleMapOf(map('second words')).rules[0]!.rule).toBe('second words');
  });
});
