// The sandbox's own description (packages/sandbox/openapi.json) is what the build makes from the
// contract's bundle and the hand-written packages/sandbox/openapi.sandbox.yaml; where it describes the
// API's operations, it says what the contract says, schema for schema and text for text, and adds
// only the status codes the hand-written part gives as the sandbox's answers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pointerGet } from 'shipping-api-v3-contract';
import {
  apiBasePath,
  SANDBOX_ANSWERS,
  SandboxDocumentError,
  sandboxDocument,
  sandboxDocumentText,
} from '../../dev/build/sandbox-document.ts';
import { root, SANDBOX_DOCUMENT, SANDBOX_SOURCE } from '../../dev/paths.ts';
import { bundlePath, contractValidators, readJson } from '../support/harness/contract.ts';

const bundle = readJson(bundlePath);
const sourceText = readFileSync(path.join(root, SANDBOX_SOURCE), 'utf8');
const committedText = readFileSync(path.join(root, SANDBOX_DOCUMENT), 'utf8');
const committed = JSON.parse(committedText);
const answers: Record<string, Record<string, unknown>> = parse(sourceText)[SANDBOX_ANSWERS];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** `node` with every local $ref of `document` in it replaced by what it names, recursively. */
function inline(document: any, node: any, trail: string[] = []): any {
  if (Array.isArray(node)) return node.map((item) => inline(document, item, trail));
  if (!node || typeof node !== 'object') return node;
  if (typeof node.$ref === 'string' && node.$ref.startsWith('#/')) {
    if (trail.includes(node.$ref)) return { $ref: node.$ref };
    const target = pointerGet(document, node.$ref.slice(1)).value as object;
    const { $ref: _ref, ...siblings } = node;
    return inline(document, { ...target, ...siblings }, [...trail, node.$ref]);
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, inline(document, value, trail)]));
}

/** Every path item of the API in a description: its paths (under `prefix`) and its components' path items, by where they are. */
function apiPathItems(document: any, prefix: string): Record<string, any> {
  const items: Record<string, any> = {};
  for (const [at, item] of Object.entries<any>(document.paths ?? {}))
    if (!at.startsWith('/_sandbox')) items[`paths ${at.slice(prefix.length)}`] = item;
  for (const [name, item] of Object.entries<any>(document.components?.pathItems ?? {}))
    items[`pathItems ${name}`] = item;
  return items;
}

/**
 * Where the sandbox's description says other than the contract of the API's operations: each path
 * item, every $ref inlined, compared whole, once the status codes the sandbox adds to an operation
 * (`added`, by operationId) are taken out; and each code it adds that the contract gives.
 */
function differencesFromContract(sandbox: any, contract: any, added: Record<string, Record<string, unknown>>) {
  const base = apiBasePath(contract);
  const theirs = apiPathItems(contract, '');
  const ours = apiPathItems(sandbox, base);
  const differences: string[] = [];
  for (const where of new Set([...Object.keys(theirs), ...Object.keys(ours)])) {
    if (!theirs[where] || !ours[where]) {
      differences.push(`${where}: ${theirs[where] ? 'missing from the sandbox' : 'not in the contract'}`);
      continue;
    }
    const expected = inline(contract, theirs[where]);
    const actual = inline(sandbox, ours[where]);
    for (const method of METHODS) {
      const operation = actual[method];
      if (!operation) continue;
      for (const code of Object.keys(added[operation.operationId] ?? {})) {
        if (expected[method]?.responses?.[code]) differences.push(`${where} ${method} ${code}: the contract gives it`);
        delete operation.responses?.[code];
      }
      // The contract's credentials, whether the operation says them or the document's default does.
      operation.security ??= sandbox.security;
      expected[method].security ??= contract.security;
    }
    if (!isDeepStrictEqual(actual, expected)) {
      for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)]))
        if (!isDeepStrictEqual(actual[key], expected[key])) differences.push(`${where} ${key}: differs`);
    }
  }
  // The tags of the contract's operations, with the contract's words.
  const tags = new Set(Object.values(theirs).flatMap((item) => METHODS.flatMap((method) => item[method]?.tags ?? [])));
  for (const tag of contract.tags ?? [])
    if (
      tags.has(tag.name) &&
      !isDeepStrictEqual(
        sandbox.tags?.find((t: any) => t.name === tag.name),
        tag,
      )
    )
      differences.push(`tags ${tag.name}: differs`);
  return differences;
}

/** The validator of the schema a description gives the poll's success answer (a $ref to one of its components). */
function statusValidator(document: any) {
  const { $ref } =
    document.paths['/api/public/v3/setups/carriers'].get.responses['2XX'].content['application/json'].schema;
  return contractValidators(document).at(String($ref).slice(1));
}

describe("the sandbox's description", () => {
  it('is what `npm run build` makes from the contract and openapi.sandbox.yaml', () => {
    expect(
      committedText === sandboxDocumentText(bundle, sourceText),
      `${SANDBOX_DOCUMENT} is stale: run npm run build`,
    ).toBe(true);
  });

  it("describes the API's operations as the contract does: every path item, schema and text, but the sandbox's added answers", () => {
    expect(differencesFromContract(committed, bundle, answers)).toEqual([]);
    // Each answer the sandbox adds is there, beside the contract's.
    const operations = Object.values(apiPathItems(committed, apiBasePath(bundle))).flatMap((item) =>
      METHODS.flatMap((method) => (item[method] ? [item[method]] : [])),
    );
    for (const [operationId, codes] of Object.entries(answers))
      expect(Object.keys(operations.find((op) => op.operationId === operationId).responses)).toEqual(
        expect.arrayContaining(Object.keys(codes)),
      );
  });

  it('[5.2.6] says a shipment draft takes the Partner-ID header only, as the contract does', () => {
    const text = JSON.stringify(committed.paths['/api/public/v3/shipment_drafts']);
    expect(text).toContain('by the `Partner-ID` header only');
    expect(text).not.toMatch(/else of the body field/);
    // The check above reports the text it had: the Partner ID "of the header, else of the body field".
    const stale = structuredClone(committed);
    const draft = stale.paths['/api/public/v3/shipment_drafts'].post;
    draft.description =
      "`POST /shipment_drafts` of the API as the sandbox answers it. The body is checked against the contract's `ShipmentDraftCreate`; the Partner ID of the header, else of the body field, is stored (`GET /_sandbox/attributions`).";
    expect(differencesFromContract(stale, bundle, answers)).toEqual([`paths /shipment_drafts post: differs`]);
  });

  // The contract's CarrierSetupStatus: a pending status has a null url and expires_at, a COMPLETED one
  // a url and a UTC timestamp; never a partner_id (5.2.7).
  const refused: Array<[string, unknown]> = [
    ['a COMPLETED status with a null url', { status: 'COMPLETED', expires_at: '2099-12-31T23:59:59Z', url: null }],
    [
      'a pending status with a url',
      { status: 'IN_PROGRESS', expires_at: null, url: 'https://files.shipping.example/f.json' },
    ],
    ['a partner_id field', { status: 'REQUESTED', expires_at: null, url: null, partner_id: 10042 }],
    [
      'an expires_at that is no UTC timestamp',
      { status: 'COMPLETED', expires_at: 'tomorrow', url: 'https://f.example/f' },
    ],
  ];

  it.each(refused)('[2.1.url] [5.2.7] its status schema refuses %s, as the contract does', (_, status) => {
    expect(statusValidator(committed)(status)).toBe(false);
    expect(contractValidators(bundle).at('/components/schemas/CarrierSetupStatus')(status)).toBe(false);
  });

  it('the comparison reports a status schema of its own that takes a COMPLETED status with a null url', () => {
    const loose = structuredClone(committed);
    loose.components.schemas.CarrierSetupStatus = {
      title: 'CarrierSetupStatus',
      description: "The carrier setup status, as the contract's `CarrierSetupStatus` gives it.",
      type: 'object',
      required: ['status', 'expires_at', 'url'],
      properties: {
        status: { type: 'string', enum: ['REQUESTED', 'IN_PROGRESS', 'COMPLETED'] },
        expires_at: { type: ['string', 'null'] },
        url: { type: ['string', 'null'] },
      },
    };
    const nullUrl = refused[0]![1];
    expect(statusValidator(loose)(nullUrl)).toBe(true);
    expect(differencesFromContract(loose, bundle, answers)).toEqual(['paths /setups/carriers get: differs']);
  });

  it("the comparison reports a tag of the contract's in other words", () => {
    const retold = structuredClone(committed);
    retold.tags.find((tag: any) => tag.name === 'Shipment drafts').description = 'Create shipment drafts.';
    expect(differencesFromContract(retold, bundle, answers)).toEqual(['tags Shipment drafts: differs']);
  });

  it('names the operations of the API under its base path only as the contract has them', () => {
    const extra = structuredClone(committed);
    extra.paths['/api/public/v3/parcels'] = { get: { operationId: 'listParcels', responses: {} } };
    expect(differencesFromContract(extra, bundle, answers)).toEqual(['paths /parcels: not in the contract']);
  });
});

describe('the build of the description refuses a source that would say other than the contract', () => {
  const source = (change: (document: any) => void) => {
    const document = parse(sourceText);
    change(document);
    return JSON.stringify(document);
  };

  it('an answer the contract gives', () => {
    const text = source((d) => {
      d[SANDBOX_ANSWERS].createShipment = { '401': { description: 'Not let in.' } };
    });
    expect(() => sandboxDocument(bundle, text)).toThrow(SandboxDocumentError);
    expect(() => sandboxDocument(bundle, text)).toThrow(
      `${SANDBOX_SOURCE}: ${SANDBOX_ANSWERS}.createShipment.401: the contract gives 401 for createShipment; the sandbox adds only status codes the contract leaves open.`,
    );
  });

  it('an answer to an operation the contract does not have', () => {
    const text = source((d) => {
      d[SANDBOX_ANSWERS].listParcels = { '200': { description: 'Parcels.' } };
    });
    expect(() => sandboxDocument(bundle, text)).toThrow(
      `${SANDBOX_ANSWERS}.listParcels: the contract has no operation listParcels.`,
    );
  });

  it('a component of its own under a name of the contract', () => {
    const text = source((d) => {
      d.components.schemas.CarrierSetupStatus = { type: 'object' };
    });
    expect(() => sandboxDocument(bundle, text)).toThrow(
      "components.schemas.CarrierSetupStatus is a component of the contract too; give the sandbox's own another name.",
    );
  });

  it('a path of the contract', () => {
    const text = source((d) => {
      d.paths['/api/public/v3/shipments'] = { post: { operationId: 'createShipment', responses: {} } };
    });
    expect(() => sandboxDocument(bundle, text)).toThrow('paths./api/public/v3/shipments is a path of the contract.');
  });
});
