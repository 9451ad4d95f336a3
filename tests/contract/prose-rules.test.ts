// Rules of the specification that the contract states in words (descriptions, the state table, the
// servers), not in a schema. Each row names where the rule map (openapi/rules.yaml) says the rule
// lives and what the contract says there; the test reads the source of the contract at that place,
// and shows that a copy with the statement taken out no longer states the rule.
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pointerGet, pointerKeys } from 'shipping-api-v3-contract';
import { BUNDLE_JSON } from '../../dev/paths.ts';
import { routableBundle, SETUP_FILE_PATH } from '../../dev/mock/routable.ts';
import { contractDir, loadRuleMap, type RuleEntry, splitAt } from '../support/harness/rule-map.ts';

interface Statement {
  /** The ids of the rules in brackets, then the rule in short: the test's title. */
  rule: string;
  /** `<file under openapi/>#<JSON pointer>`, one of the rule's locations in the map. */
  at: string;
  /** What the contract says there, whitespace folded to single spaces. */
  says: RegExp[];
}

const status = 'components/schemas/CarrierSetupStatus.yaml#/description';
const completed = 'components/schemas/CarrierSetupStatusCompleted.yaml#/properties';
const polling = 'paths/setups_carriers.yaml#/get/description';
const download = 'components/pathItems/CarrierSetupFile.yaml#/get/description';
const basicAuth = 'components/securitySchemes/basicAuth.yaml#/description';
const partnerId = 'components/parameters/PartnerId.yaml#/description';
const bodyField = 'components/schemas/PartnerIdBodyField.yaml#/description';
const setupFile = 'schemas/carrier-setup-file.schema.json#/$defs';

const statements: Statement[] = [
  {
    rule: '[0.not-shown] what is not specified is marked x-unspecified',
    at: 'openapi.yaml#/info/description',
    says: [/specification leaves something open, the description says so with the vendor extension `x-unspecified`/],
  },
  {
    rule: '[1.json-over-https] a JSON-over-HTTPS API',
    at: 'openapi.yaml#/info/description',
    says: [/JSON-over-HTTPS API/],
  },
  {
    rule: '[1.json-over-https] [5.1.3] the server is reached over HTTPS',
    at: 'openapi.yaml#/servers/0/url',
    says: [/^https:\/\//],
  },
  {
    rule: '[1.creations] shipments, sales orders, imported shipments and shipment drafts are created',
    at: 'openapi.yaml#/info/description',
    says: [/create shipments with carriers, and also to create sales orders, imported shipments and shipment drafts/],
  },
  {
    rule: '[1.setup-file] the setup file lists the whole setup of the account in one document',
    at: `${setupFile}/CarrierSetupFile/description`,
    says: [/every carrier, product, country combination and service available to the account, as one JSON document/],
  },
  {
    rule: '[1.partner-id] technical partners identify themselves with a numeric Partner ID',
    at: 'openapi.yaml#/info/description',
    says: [
      /Technical partners who build integrations for customers identify themselves with a numeric Partner ID/,
      /attributed to the partner/,
    ],
  },
  {
    rule: '[1.partner-id] the Partner ID serves partner reporting',
    at: partnerId,
    says: [/numeric Partner ID/, /for partner reporting/],
  },
  {
    rule: '[2.1.expires_at] [8.url-lifetime] expires_at is the time after which url stops working, in UTC',
    at: `${completed}/expires_at/description`,
    says: [/The time after which `url` stops working/, /ISO 8601 timestamp in UTC/],
  },
  {
    rule: '[2.1.url] url is the address to download the setup file from',
    at: `${completed}/url/description`,
    says: [/address to download the carrier setup file from/],
  },
  {
    rule: '[2.2.Product.code] a product code is the value of product_code',
    at: `${setupFile}/Product/properties/code/description`,
    says: [/the value used as product_code when creating a shipment/],
  },
  {
    rule: '[2.2.CountryCombination] one country combination per pair of countries',
    at: `${setupFile}/Product/properties/country_combinations/description`,
    says: [/One per sender country and receiver country pair/],
  },
  {
    rule: '[2.2.Service.code] a service code is the value of service_codes',
    at: `${setupFile}/Service/properties/code/description`,
    says: [/the value used in service_codes when creating a shipment/],
  },
  {
    rule: '[2.4.OrderLine.vat_percent] 0.25 means 25 percent',
    at: 'components/schemas/OrderLine.yaml#/properties/vat_percent/description',
    says: [/decimal fraction/, /`0\.25` means 25 percent/],
  },
  {
    rule: '[3.no-request] [4.1.step-1] the first request starts generation: REQUESTED',
    at: status,
    says: [
      /\| \(no request yet\) \| `GET \/setups\/carriers` \| File generation is started by this request \| `REQUESTED` \|/,
    ],
  },
  {
    rule: '[3.REQUESTED] while generation runs: REQUESTED to IN_PROGRESS',
    at: status,
    says: [/\| `REQUESTED` \| `GET \/setups\/carriers` \| Generation is running \| `IN_PROGRESS` \|/],
  },
  {
    rule: '[3.IN_PROGRESS] when generation has finished: IN_PROGRESS to COMPLETED',
    at: status,
    says: [/\| `IN_PROGRESS` \| `GET \/setups\/carriers` \| Generation has finished \| `COMPLETED` \|/],
  },
  {
    rule: '[3.no-request] [3.REQUESTED] [3.IN_PROGRESS] expires_at and url are null until COMPLETED, then filled in',
    at: status,
    says: [/`expires_at` and `url` are null until the status is `COMPLETED`, and are filled in when it is/],
  },
  {
    rule: '[3.generation-time] [8.generation-time] generation may take several minutes',
    at: status,
    says: [/Generation may take several minutes, depending on the size of the setup/],
  },
  {
    rule: '[4.1.purpose] request, poll and fetch the location of the file',
    at: polling,
    says: [/Request, poll and fetch the location of the carrier setup file/],
  },
  {
    rule: '[4.1.step-1] the first call starts generation and returns REQUESTED',
    at: polling,
    says: [/The first call starts generation and returns `REQUESTED`/],
  },
  {
    rule: '[4.1.step-2] [8.polling-interval] repeat the call every 15 or 30 seconds while IN_PROGRESS',
    at: polling,
    says: [/Repeat the same call at intervals \(15 or 30 seconds are suggested\) while the status is `IN_PROGRESS`/],
  },
  {
    rule: '[4.1.step-3] when COMPLETED, use url before expires_at',
    at: polling,
    says: [/When the status is `COMPLETED`, download the file from `url` before `expires_at`/],
  },
  {
    rule: '[7.throttling] excessive polling may be throttled',
    at: polling,
    says: [/Excessive polling may cause the API to throttle the requests/],
  },
  {
    rule: '[4.2.range] a Range header may fetch the file in chunks; streaming is allowed',
    at: download,
    says: [/A `Range` request header may be sent to fetch the file in chunks/, /streaming the response is allowed/],
  },
  {
    rule: '[4.2.range] the Range header may be sent to fetch the file in chunks (the header)',
    at: 'components/parameters/Range.yaml#/description',
    says: [/A `Range` request header may be sent to fetch the file in chunks/],
  },
  {
    rule: '[4.2.range] the download takes the Range header',
    at: 'components/pathItems/CarrierSetupFile.yaml#/get/parameters/0',
    says: [/parameters\/Range\.yaml/],
  },
  {
    rule: '[4.2.before-expires_at] the file is fetched before expires_at',
    at: download,
    says: [/Call it before `expires_at`/],
  },
  { rule: '[8.file-size] the file may be several megabytes', at: download, says: [/may be several megabytes/] },
  {
    rule: '[5.1.2] the Authorization header and its Base64 credentials',
    at: basicAuth,
    says: [/`Authorization: Basic <BASE64_CREDENTIALS>`/, /Base64 encoding of `<username>:<password>`/],
  },
  {
    rule: '[5.1.3] the API user and the API key, encoded, not encrypted, over HTTPS only',
    at: basicAuth,
    says: [
      /User name: the API user/,
      /Password: the API key/,
      /encoded, not encrypted: send them over HTTPS \(TLS\) only/,
    ],
  },
  {
    rule: "[5.1.4] an HTTP client's Basic auth option produces the same header",
    at: basicAuth,
    says: [/An HTTP client's own Basic auth option produces the same header/],
  },
  {
    rule: '[5.2.3] the Partner ID is stored on the created resource, for partner reporting',
    at: partnerId,
    says: [/stored on the created shipment, sales order or shipment draft, for partner reporting/],
  },
  {
    rule: '[5.2.3] the Partner ID is stored on a shipment',
    at: 'paths/shipments.yaml#/post/description',
    says: [/the Partner ID is stored on the shipment for partner reporting/],
  },
  {
    rule: '[5.2.3] the Partner ID is stored on a shipment draft',
    at: 'paths/shipment_drafts.yaml#/post/description',
    says: [/the Partner ID is stored on the draft for partner reporting/],
  },
  {
    rule: '[5.2.5] the header wins over the body field',
    at: bodyField,
    says: [/When the header and this field are both present, the header value is stored and this one is ignored/],
  },
  {
    rule: '[5.2.8] a shipment created from a sales order inherits its Partner ID',
    at: partnerId,
    says: [/A shipment later created from a sales order is stored with the Partner ID of that sales order/],
  },
  {
    rule: '[5.2.8] a shipment created from a sales order inherits its Partner ID (the operation)',
    at: 'paths/sales_orders.yaml#/post/description',
    says: [/a shipment later created from the sales order is stored with the same Partner ID/],
  },
  {
    rule: '[9.partner_id-removal] partner_id will be removed; no date yet; announced in the changelog',
    at: bodyField,
    says: [/will be removed at a future time/, /no removal date is set/, /announced in the changelog well in advance/],
  },
  {
    rule: '[9.header-replaces] the Partner-ID header replaces partner_id',
    at: bodyField,
    says: [/send the `Partner-ID` header instead/],
  },
];

const map = (loadRuleMap() as { rules: RuleEntry[] }).rules;
const idsOf = (title: string) => [...title.matchAll(/\[([^\]]+)\]/g)].map(([, id]) => id!);
const fold = (text: string) => text.replace(/\s+/g, ' ').trim();
const textOf = (node: unknown) => fold(typeof node === 'string' ? node : JSON.stringify(node));
const source = (file: string) => parse(readFileSync(path.join(contractDir, file), 'utf8'));
const nodeAt = (document: unknown, pointer: string) => pointerGet(document, pointer).value;
const states = (document: unknown, pointer: string, says: RegExp[]) => {
  const text = textOf(nodeAt(document, pointer));
  return says.every((pattern) => pattern.test(text));
};
/** Sets the node at `pointer` of `document` (whose parent exists) to `value`. */
function setAt(document: any, pointer: string, value: unknown) {
  const last = pointerKeys(pointer)!.at(-1)!;
  (pointerGet(document, pointer.slice(0, pointer.lastIndexOf('/'))).value as any)[last] = value;
}

describe('rules the contract states in words', () => {
  for (const { rule, at, says } of statements) {
    it(`${rule} (${at})`, () => {
      for (const id of idsOf(rule)) expect(map.find((entry) => entry.id === id)?.at, id).toContain(at);
      const { file, pointer } = splitAt(at);
      const document = source(file);
      expect(textOf(nodeAt(document, pointer))).toMatch(says[0]!);
      expect(states(document, pointer, says), JSON.stringify(textOf(nodeAt(document, pointer)))).toBe(true);
      // A copy of the contract with the statement taken out no longer states the rule.
      const broken = structuredClone(document);
      const global = new RegExp(says[0]!.source, 'g');
      setAt(broken, pointer, textOf(nodeAt(document, pointer)).replace(global, ''));
      expect(states(broken, pointer, says)).toBe(false);
    });
  }
});

describe('GET /setups/carriers takes no body and no path or query parameters', () => {
  const operation = () => source('paths/setups_carriers.yaml').get;
  const where = (parameter: any) =>
    (parameter.$ref ? parse(readFileSync(path.join(contractDir, 'paths', parameter.$ref), 'utf8')) : parameter).in;
  const takesNone = (op: any) =>
    op.requestBody === undefined && (op.parameters ?? []).every((p: any) => where(p) === 'header');

  it('[4.1.request] no body, and only header parameters', () => {
    expect(takesNone(operation())).toBe(true);
    expect(textOf(operation().description)).toMatch(/No body, path or query parameters/);
    const withBody = operation();
    withBody.requestBody = { content: { 'application/json': { schema: { type: 'object' } } } };
    expect(takesNone(withBody)).toBe(false);
    const withQuery = operation();
    withQuery.parameters.push({ name: 'carrier', in: 'query', schema: { type: 'string' } });
    expect(takesNone(withQuery)).toBe(false);
  });
});

// 4.2 says only that a Range header may be sent to fetch the file in chunks. What a server does with
// one (answer 206, or ignore it and send the whole file) is HTTP's rule (RFC 9110, section 14.2), so
// a sentence of the header's description that speaks of it names HTTP's RFC: the contract's own
// words claim nothing of it.
describe("the Range header's description claims nothing of a server's answer in the contract's own words", () => {
  const description = () => source('components/parameters/Range.yaml').description as string;
  const unattributed = (text: string) =>
    fold(text)
      .split(/(?<=\.)\s+(?=[A-Z`])/)
      .filter((sentence) => /ignor|whole file|`?(?:200|206)\b/i.test(sentence) && !/RFC 9110/.test(sentence));

  it('[4.2.range] a sentence about ignoring the header, or about the answer, names RFC 9110', () => {
    expect(unattributed(description())).toEqual([]);
    expect(
      unattributed(
        'A byte range of the file (RFC 9110, section 14.2). The server answers a satisfiable range with `206 Partial Content`, or may ignore the header and send the whole file with `200 OK`.',
      ),
    ).toEqual([
      'The server answers a satisfiable range with `206 Partial Content`, or may ignore the header and send the whole file with `200 OK`.',
    ]);
  });
});

// 5.2.3 names where the Partner ID is stored (shipment, sales order, shipment draft) and leaves out
// imported shipments, so whether one given alone there is stored stays open. Yet an imported
// shipment created under a Partner ID is attributed to the partner (section 1), by the header or by
// the body field, which works there (5.2.4). 5.2.5 has no exception: with both the header and the
// body field, the header value is stored there too. The operation, the header and the body field
// say the same.
describe('POST /imported_shipments says what sections 1, 5.2.3, 5.2.4 and 5.2.5 say of the Partner ID', () => {
  const operation = () => source('paths/imported_shipments.yaml').post;
  const header = () => source('components/parameters/PartnerId.yaml');
  const bodyField = () => source('components/schemas/PartnerIdBodyField.yaml');
  const headerWins = (text: string) =>
    /both present, the header value is (?:what is )?stored and (?:the body value|this one) is ignored/.test(fold(text));
  const aloneOpen = (text: string) => /given alone.*imported shipment.* (?:is stored|stored)/.test(fold(text));
  const attributed = (op: any, parameter: any, field: any) =>
    /A Partner ID given by either attributes the imported shipment to the partner/.test(fold(op.description)) &&
    /the deprecated body field still works/.test(fold(op.description)) &&
    /imported shipment created under it, by this header or the body field, is attributed to the partner/.test(
      fold(parameter.description),
    ) &&
    /and works: a Partner ID given in it attributes what is created to the partner, an imported shipment too/.test(
      fold(field.description),
    );
  const agree = (op: any, parameter: any, field: any) =>
    attributed(op, parameter, field) &&
    /Accepts the `Partner-ID` header and the deprecated body field `partner_id`/.test(fold(op.description)) &&
    headerWins(op.description) &&
    /Whether a Partner ID given alone, by the header only or by the body field only, is stored on an imported shipment/.test(
      op['x-unspecified'] ?? '',
    ) &&
    !/is stored on the imported shipment/.test(fold(op.description)) &&
    headerWins(parameter.description) &&
    /on each of the three/.test(fold(parameter.description)) &&
    /alone on an imported shipment is stored is not specified/.test(fold(parameter.description)) &&
    headerWins(field.description) &&
    /on each of the three/.test(fold(field.description)) &&
    aloneOpen(field.description);

  it('[4.5.partner-attribution] [5.2.5] [4.5.partner-id-storage] a Partner ID attributes an imported shipment; with both, the header value is stored; given alone, storage is open; the three texts agree', () => {
    expect(agree(operation(), header(), bodyField())).toBe(true);
    const silent = operation();
    silent.description =
      'Creates an imported shipment. Accepts the `Partner-ID` header and the deprecated body field `partner_id`.';
    expect(agree(silent, header(), bodyField())).toBe(false);
    const storingAlone = operation();
    storingAlone.description += ' A Partner ID given alone is stored on the imported shipment.';
    expect(agree(storingAlone, header(), bodyField())).toBe(false);
    const wholeOpen = operation();
    wholeOpen['x-unspecified'] =
      'Whether and how an imported shipment stores the Partner ID, from the header, the body field or both.';
    expect(agree(wholeOpen, header(), bodyField())).toBe(false);
    const storageOnly = operation();
    storageOnly.description = storageOnly.description.replace(/A Partner ID given by either[^.]*\.\s*/, '');
    expect(agree(storageOnly, header(), bodyField())).toBe(false);
    const fieldSilent = bodyField();
    fieldSilent.description = fieldSilent.description.replace(/, and works:[^.]*\./, '.');
    expect(agree(operation(), header(), fieldSilent)).toBe(false);
    const narrowHeader = header();
    narrowHeader.description = narrowHeader.description.replace(', on each of the three', '');
    expect(agree(operation(), narrowHeader, bodyField())).toBe(false);
  });
});

// "One JSON file" names no Content-Type: the whole file and a slice alike are any media type, the
// body still the setup file; and every request, the download's too, is HTTP Basic (5.1.1).
describe('the download', () => {
  const get = () => source('components/pathItems/CarrierSetupFile.yaml').get;
  const anyMediaType = (op: any) =>
    ['200', '206'].every((code) => {
      const content = op.responses[code].content;
      return Object.keys(content).join() === '*/*' && /media type/.test(content['*/*']['x-unspecified'] ?? '');
    }) && op.responses['200'].content['*/*'].schema.$ref === '../schemas/CarrierSetupFile.yaml';

  it('[4.2.returns] the whole file and a range are any media type, marked open, the file still its schema', () => {
    expect(anyMediaType(get())).toBe(true);
    const json = get();
    json.responses['200'].content = { 'application/json': json.responses['200'].content['*/*'] };
    expect(anyMediaType(json)).toBe(false);
  });

  it('[5.1.1] leaves nothing open about Basic authentication of the download', () => {
    expect(get()['x-unspecified']).not.toMatch(/Basic|credentials/i);
  });
});

// Prism cannot serve a JSON example as `*/*`: the mock's routable copy names application/json for the
// whole file; the published bundle, and the copy the contract checks read, keep `*/*`.
describe("the download in the tools' routable copies", () => {
  const whole = (bundle: any) => Object.keys(bundle.paths[SETUP_FILE_PATH].get.responses['200'].content);

  it("[4.2.returns] the mock's copy serves the file as application/json, the others keep */*", () => {
    expect(whole(routableBundle('http://127.0.0.1:4010/carrier-setup-file'))).toEqual(['application/json']);
    expect(whole(routableBundle())).toEqual(['*/*']);
    const bundle = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8'));
    expect(Object.keys(bundle.components.pathItems.CarrierSetupFile.get.responses['200'].content)).toEqual(['*/*']);
  });
});
