// What the contract reads into the specification where its words leave a choice, and says so: each
// reading is an open rule of openapi/rules.yaml whose x-unspecified names the reading at its
// pointer. Each mark is read at its source, and a copy without it no longer passes; where a schema
// applies the reading, the values it accepts and refuses are named too.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { pointerGet, pointerSegment } from 'shipping-api-v3-contract';
import * as validators from '../../generated/validators/index.js';
import { contractDir, loadRuleMap, type RuleEntry, splitAt } from '../support/harness/rule-map.ts';
import { sourceOf } from '../support/harness/constraints.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';

const map = (loadRuleMap() as { rules: RuleEntry[] }).rules;
const bundle = readJson(bundlePath);
const fold = (text: unknown) => String(text ?? '').replace(/\s+/g, ' ');
const source = (file: string) => {
  const text = readFileSync(path.join(contractDir, file), 'utf8');
  return file.endsWith('.json') ? JSON.parse(text) : parse(text);
};
/** The x-unspecified of the object at `at` (`<file>#<pointer>`), in `document` or in the source. */
const markAt = (at: string, document?: unknown) => {
  const { file, pointer } = splitAt(at);
  return fold((pointerGet(document ?? source(file), pointer).value as any)?.['x-unspecified']);
};
const setup = 'schemas/carrier-setup-file.schema.json#/$defs';

interface Reading {
  /** The id of the open rule, then the reading in short. */
  title: string;
  at: string[];
  says: RegExp;
}

const fieldLists = [
  ...[
    'required_fields',
    'optional_fields',
    'required_parcel_fields',
    'optional_parcel_fields',
    'optional_dg_fields',
  ].map((name) => `${setup}/CountryCombination/properties/${name}`),
  `${setup}/Service/properties/required_fields`,
  `${setup}/Service/properties/optional_fields`,
];

const readings: Reading[] = [
  {
    title: '[2.1.url.scheme] url is read as an https address; the schema refuses no scheme, since none is named',
    at: ['components/schemas/CarrierSetupStatusCompleted.yaml#/properties/url'],
    says: /requires HTTPS because the credentials are only encoded \(section 5\.1\.3\), so url is read as an https address; the schema does not refuse another scheme, since the specification names none/,
  },
  {
    title:
      '[2.1.fields-required.reading] that status, expires_at and url are always present is a reading, on each status',
    at: ['components/schemas/CarrierSetupStatusPending.yaml#', 'components/schemas/CarrierSetupStatusCompleted.yaml#'],
    says: /Whether every field of its table is always present: .* which the contract reads as each being required \(the `required` list\)/,
  },
  {
    title: '[2.2.fields-required.reading] that every field of a table is present is a reading, on each required list',
    at: [`${setup}/Carrier`, `${setup}/Product`, `${setup}/CountryCombination`, `${setup}/Service`],
    says: /Whether every field of its table is always present: .* which the contract reads as each being required \(the `required` list\)/,
  },
  {
    title: '[2.2.fields-required.reading] that a required service always has its note is a reading',
    at: [`${setup}/RequiredService`],
    says: /Whether note is always present on a required service: .* which the contract reads as required \(the `required` list\)/,
  },
  {
    title: '[2.2.letters-ascii] the lowercase letters of a carrier code are read as ASCII',
    at: [`${setup}/Carrier/properties/code`],
    says: /Which letters are lowercase letters: the contract reads them as the ASCII letters a-z/,
  },
  {
    title: '[2.2.letters-ascii] [2.3.sender.letters-ascii] the uppercase letters of a country code are read as ASCII',
    at: [`${setup}/CountryCode`, 'components/schemas/Sender.yaml#/properties/country_code'],
    says: /Which letters are uppercase letters: the contract reads "two uppercase letters" as two ASCII letters A-Z/,
  },
  {
    title:
      '[2.1.expires_at.readings] [2.4.ordered_at.readings] the edition read; expanded years and a missing T refused as readings, -00:00 as ISO 8601 refuses it',
    at: ['components/schemas/UtcTimestamp.yaml#', 'components/schemas/OffsetTimestamp.yaml#'],
    says: /the contract reads ISO 8601:2004.*24:00.*section 4\.2\.3; ISO 8601-1:2019 removed it, and its amendment ISO 8601-1:2019\/Amd 1:2022 restored it.*refused as readings.*expanded years.*mutual agreement.*\(section 3\.5\).*without the `T`.*mutual agreement \(section 4\.3\.2\).*zero offset written with `-`.*is refused because ISO 8601 does not allow it.*ISO 8601:2004, sections 3\.4\.2 and 4\.2\.5\.1.*RFC 3339 gives `-00:00` a meaning, a time known in UTC whose offset to local time is unknown \(RFC 3339, section 4\.3\).*RFC 9557 \(section 2\) notes that ISO 8601 does not allow it/,
  },
  {
    title: '[3.skip-in-progress] whether the service may go from REQUESTED straight to COMPLETED is open',
    at: ['components/schemas/CarrierSetupStatus.yaml#'],
    says: /Whether the service may move from REQUESTED straight to COMPLETED, skipping IN_PROGRESS/,
  },
  {
    title: '[2.2.field-names] how a list of field names spells a field is open',
    at: fieldLists,
    says: /How a field is named in the list is not shown.*so the contract gives the names no form/,
  },
];

describe('the readings of the contract are marked where they are applied', () => {
  it.each(readings)('$title', ({ title, at, says }) => {
    const ids = [...title.matchAll(/\[([^\]]+)\]/g)].map(([, id]) => id!);
    for (const place of at) {
      // Some id of the title is an open rule whose `at` names the place.
      const entries = map.filter((entry) => ids.includes(entry.id) && entry.kind === 'open');
      expect(
        entries.some((entry) => entry.at.map((a) => a.replace(/#$/, '')).includes(place.replace(/#$/, ''))),
        place,
      ).toBe(true);
      expect(markAt(place), place).toMatch(says);
      // A copy of the source without the reading no longer says it.
      const { file, pointer } = splitAt(place);
      const copy = source(file);
      const holder = pointerGet(copy, pointer).value as any;
      holder['x-unspecified'] = fold(holder['x-unspecified']).replace(says, '');
      expect(markAt(place, copy)).not.toMatch(says);
    }
  });
});

// The descriptions of the timestamps say which edition of ISO 8601 they read where the editions
// differ (24:00), cite its sections, and give ISO 8601's own reason for refusing -00:00: RFC 3339
// gives it a meaning, a time in UTC, so the reason is not RFC 3339's.
describe('the timestamps say which ISO 8601 they read', () => {
  const SAYS = [
    /The edition read is ISO 8601:2004/,
    /mutual agreement of the parties \(ISO 8601:2004, section 3\.5\)/,
    /The `T` is never left out \(ISO 8601:2004 allows that only by mutual agreement, section 4\.3\.2\)/,
    /ISO 8601:2004 allows 24:00 for the end of the day \(section 4\.2\.3\), ISO 8601-1:2019 removed it, and its amendment ISO 8601-1:2019\/Amd 1:2022 restored it/,
    /refused because ISO 8601 does not allow (?:them|it).*\(ISO 8601:2004, sections 3\.4\.2 and 4\.2\.5\.1\)/,
    /RFC 3339 does allow `-00:00`, for a time known in UTC whose offset to local time is unknown \(RFC 3339, section 4\.3\), and RFC 9557 \(section 2\) notes that ISO 8601 does not/,
  ];
  // The reason the contract once gave, which RFC 3339 contradicts: -00:00 says the time is in UTC.
  const WRONG = /not a statement that the time is in UTC|says nothing of UTC/;
  const missing = (text: string) => [...SAYS.filter((says) => !says.test(text)), ...(WRONG.test(text) ? [WRONG] : [])];

  it.each(['UtcTimestamp', 'OffsetTimestamp'])(
    '[2.1.expires_at.readings] [2.4.ordered_at.readings] %s names the edition, its sections, and ISO 8601’s reason for refusing -00:00',
    (name) => {
      const text = fold(source(`components/schemas/${name}.yaml`).description);
      expect(missing(text)).toEqual([]);
      expect(missing(text.replace(/, ISO 8601-1:2019 removed it.*?restored it/, ''))).toHaveLength(1);
      expect(missing(`${text} which is not a statement that the time is in UTC.`)).toEqual([WRONG]);
    },
  );
});

describe('what the readings accept and refuse', () => {
  const file = () => structuredClone(bundle.components.examples.CarrierSetupFile.value);
  const withCarrierCode = (code: string) => Object.assign(file(), { 0: { ...file()[0], code } });
  const withCountry = (code: string) => {
    const copy = file();
    copy[0].products[0].country_combinations[0].sender_country_code = code;
    return copy;
  };
  const withSender = (code: string) => {
    const body = structuredClone(bundle.components.examples.ShipmentCreate.value);
    body.sender.country_code = code;
    return body;
  };

  it.each(['demopost', 'db_schenker'])('[2.2.letters-ascii] a carrier code of ASCII lowercase letters: %j', (code) => {
    expect(validators.CarrierSetupFile(withCarrierCode(code))).toBe(true);
  });
  it.each(['københavn_post', 'poste_italiané'])('[2.2.letters-ascii] refused: %j', (code) => {
    expect(validators.CarrierSetupFile(withCarrierCode(code))).toBe(false);
  });
  it.each(['DK', 'SE'])(
    '[2.2.letters-ascii] [2.3.sender.letters-ascii] a country code of ASCII capitals: %j',
    (code) => {
      expect(validators.CarrierSetupFile(withCountry(code))).toBe(true);
      expect(validators.ShipmentCreate(withSender(code))).toBe(true);
    },
  );
  it.each(['ÅL', 'ÉS', 'Dk'])('[2.2.letters-ascii] [2.3.sender.letters-ascii] refused: %j', (code) => {
    expect(validators.CarrierSetupFile(withCountry(code))).toBe(false);
    expect(validators.ShipmentCreate(withSender(code))).toBe(false);
  });

  const utc = new RegExp(bundle.components.schemas.UtcTimestamp.pattern, 'u');
  const offset = new RegExp(bundle.components.schemas.OffsetTimestamp.pattern, 'u');
  it.each([
    [utc, '2026-11-21T15:30:00Z'],
    [utc, '2026-11-21T15:30:00+00:00'],
    [offset, '2026-11-20T14:03:27.512+00:00'],
    [offset, '2026-11-20T14:03:27.512-01:00'],
  ])('[2.1.expires_at.readings] [2.4.ordered_at.readings] accepted: %s %j', (pattern, text) => {
    expect(pattern.test(text)).toBe(true);
  });
  it.each([
    [utc, '+12026-11-21T15:30:00Z'],
    [utc, '2026-11-21T15:30:00-00:00'],
    [utc, '2026-11-2115:30:00Z'],
    [utc, '20261121153000Z'],
    [offset, '+012026-11-20T14:03:27.512+01:00'],
    [offset, '2026-11-20T14:03:27.512-00:00'],
    [offset, '2026-11-2014:03:27.512+01:00'],
    [offset, '20261120140327.512+0100'],
  ])('[2.1.expires_at.readings] [2.4.ordered_at.readings] refused: %s %j', (pattern, text) => {
    expect(pattern.test(text)).toBe(false);
  });

  it('[3.skip-in-progress] a COMPLETED status right after REQUESTED is a status like any other', () => {
    for (const name of ['CarrierSetupStatusRequested', 'CarrierSetupStatusCompleted'])
      expect(validators.CarrierSetupStatus(bundle.components.examples[name].value)).toBe(true);
  });

  // Section 2.2 gives "for example a receiver field name" in the row of required_fields alone.
  const receiverExample = (document: unknown, at = ''): string[] =>
    typeof document === 'string'
      ? /receiver field name/.test(document)
        ? [at]
        : []
      : typeof document === 'object' && document !== null
        ? Object.entries(document).flatMap(([key, value]) => receiverExample(value, `${at}/${key}`))
        : [];
  const requiredFields = '/components/schemas/CountryCombination/properties/required_fields';

  it('[2.2.field-names] only required_fields quotes "a receiver field name", as its row alone does', () => {
    expect(receiverExample(bundle)).toEqual([`${requiredFields}/description`, `${requiredFields}/x-unspecified`]);
    const standalone = source('schemas/carrier-setup-file.schema.json');
    expect(receiverExample(standalone)).toEqual([
      '/$defs/CountryCombination/properties/required_fields/description',
      '/$defs/CountryCombination/properties/required_fields/x-unspecified',
    ]);
    const copy = structuredClone(bundle);
    copy.components.schemas.CountryCombination.properties.optional_parcel_fields['x-unspecified'] +=
      ' (the specification says only "a receiver field name")';
    expect(receiverExample(copy)).toContain(
      '/components/schemas/CountryCombination/properties/optional_parcel_fields/x-unspecified',
    );
  });

  it('[2.2.field-names] the example file shows the open choice: the receiver email spelled more than one way', () => {
    const names = new Set(
      JSON.stringify(bundle.components.examples.CarrierSetupFile.value).match(/"(?:receiver[._])?email"/g),
    );
    expect(names.size).toBeGreaterThan(1);
    expect(fold(bundle.components.examples.CarrierSetupFile.description)).toMatch(/spelled .*not specified/);
  });
});

// 5.2.7: the Partner ID is never returned. The status schemas forbid partner_id; wherever a body is
// not shown (a creation's 2XX, a 401, a 206's slice, a 416, any other error) or an object may carry
// fields beyond its table (the setup file), the description says that it never carries the Partner
// ID, and the rule's `at` names the place. The specification states it, so it stands in a
// description, never in an x-unspecified, which the reference shows under "Not specified".
describe('the Partner ID is never returned, wherever a response is open', () => {
  const NEVER = /never carries the Partner ID|the Partner ID \(partner_id\) is never one of them/;
  const rule = map.find((entry) => entry.id === '5.2.7')!;
  const named = new Set(rule.at.map((at) => at.replace(/#$/, '')));

  /** Every place of the bundle whose body is open: the pointer of the description to read there. */
  function openPlaces(document: any): { pointer: string; text: string }[] {
    const places: { pointer: string; text: string }[] = [];
    const response = (node: any, at: string) => {
      if (node?.$ref) return;
      const shown = Object.values<any>(node.content ?? {}).some((media) => media.schema);
      if (!shown) places.push({ pointer: `${at}/description`, text: fold(node.description) });
    };
    const operations = [
      ...Object.entries<any>(document.paths).map(([p, item]) => [`/paths/${p.replace(/\//g, '~1')}`, item]),
      ...Object.entries<any>(document.components.pathItems).map(([n, item]) => [`/components/pathItems/${n}`, item]),
    ];
    for (const [at, item] of operations)
      for (const [method, op] of Object.entries<any>(item))
        for (const [code, sub] of Object.entries<any>(op?.responses ?? {}))
          response(sub, `${at}/${method}/responses/${code}`);
    for (const [name, sub] of Object.entries<any>(document.components.responses))
      response(sub, `/components/responses/${name}`);
    for (const name of ['Carrier', 'Product', 'CountryCombination', 'Service'])
      places.push({
        pointer: `/components/schemas/${name}/description`,
        text: fold(document.components.schemas[name].description),
      });
    return places;
  }
  const unmarked = (document: any) =>
    openPlaces(document)
      .filter(({ text }) => !NEVER.test(text))
      .map(({ pointer }) => pointer);
  /** The pointers of the x-unspecified texts of `document` that speak of the Partner ID never returned. */
  function neverInOpenMarks(document: unknown): string[] {
    const found: string[] = [];
    const visit = (node: unknown, at: string) => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        const here = `${at}/${pointerSegment(key)}`;
        if (key === 'x-unspecified' && /never/i.test(String(value)) && /Partner ID|partner_id/.test(String(value)))
          found.push(here);
        visit(value, here);
      }
    };
    visit(document, '');
    return found;
  }

  it('[5.2.7] every open response body, and every object of the file, says in its description that it never carries the Partner ID', () => {
    const places = openPlaces(bundle);
    expect(places.length).toBeGreaterThanOrEqual(12);
    expect(unmarked(bundle)).toEqual([]);
    const copy = structuredClone(bundle);
    copy.components.responses.UnspecifiedError.description = 'Any other error.';
    expect(unmarked(copy)).toEqual(['/components/responses/UnspecifiedError/description']);
  });

  it('[5.2.7] no x-unspecified says it: it is stated, not open', () => {
    expect(neverInOpenMarks(bundle)).toEqual([]);
    const copy = structuredClone(bundle);
    copy.components.responses.Unauthorized['x-unspecified'] +=
      ' Whatever it holds, it never carries the Partner ID: the Partner ID is never returned in API responses.';
    expect(neverInOpenMarks(copy)).toEqual(['/components/responses/Unauthorized/x-unspecified']);
  });

  it("[5.2.7] the rule's at names every place", () => {
    const missing = openPlaces(bundle)
      .map(({ pointer }) => sourceOf(pointer)!.replace(/#$/, ''))
      .filter((at) => !named.has(at));
    expect(missing).toEqual([]);
  });
});

describe('the headers of the download', () => {
  const ok = bundle.components.pathItems.CarrierSetupFile.get.responses['200'].headers;
  const resolve = (node: any) => (node.$ref ? pointerGet(bundle, node.$ref.slice(1)).value : node) as any;
  const unmarked = (headers: Record<string, any>) =>
    Object.entries(headers)
      .filter(([, header]) => !/^RFC 9110 §\d/.test(resolve(header)['x-http-standard'] ?? ''))
      .map(([name]) => name);

  it('each header of the 200 is HTTP’s, and says its RFC section (Accept-Ranges: RFC 9110 §14.3)', () => {
    expect(Object.keys(ok)).toContain('Accept-Ranges');
    expect(unmarked(ok)).toEqual([]);
    expect(resolve(ok['Accept-Ranges'])['x-http-standard']).toMatch(/RFC 9110 §14\.3/);
    const copy = structuredClone(bundle);
    delete copy.components.headers['Accept-Ranges']['x-http-standard'];
    const copied = copy.components.pathItems.CarrierSetupFile.get.responses['200'].headers;
    expect(
      Object.entries<any>(copied)
        .filter(
          ([, h]) =>
            !/^RFC 9110 §\d/.test((h.$ref ? pointerGet(copy, h.$ref.slice(1)).value : h)['x-http-standard'] ?? ''),
        )
        .map(([name]) => name),
    ).toEqual(['Accept-Ranges']);
  });
});

// A rule that names a field whose schema is a shared one with a pattern (DecimalString,
// UtcTimestamp, OffsetTimestamp) names that pattern too: the constraint it relies on.
describe('a rule names the pattern of the shared schema its field uses', () => {
  const refsOf = (node: any): string[] =>
    [node?.$ref, ...(node?.allOf ?? []).map((sub: any) => sub?.$ref)].filter((ref) => typeof ref === 'string');
  const unnamed = (rules: RuleEntry[]) =>
    rules
      .filter((entry) => entry.kind === 'stated')
      .flatMap((entry) =>
        entry.at.flatMap((at) => {
          const { file, pointer } = splitAt(at);
          if (!file.startsWith('components/schemas/') || !pointer.includes('/properties/')) return [];
          const node = pointerGet(source(file), pointer).value;
          return refsOf(node)
            .map((ref) => path.posix.join(path.posix.dirname(file), ref))
            .filter((target) => source(target)?.pattern !== undefined)
            .filter((target) => !entry.at.includes(`${target}#/pattern`))
            .map((target) => `${entry.id}: ${at} uses ${target}#/pattern`);
        }),
      );

  it('[2.4.OrderLine.vat_percent] [2.4.OrderLine.quantity] [2.4.ordered_at] every such rule names the pattern', () => {
    expect(unnamed(map)).toEqual([]);
    const copy = structuredClone(map);
    const vat = copy.find((entry) => entry.id === '2.4.OrderLine.vat_percent')!;
    vat.at = vat.at.filter((at) => at !== 'components/schemas/DecimalString.yaml#/pattern');
    expect(unnamed(copy)).toEqual([
      '2.4.OrderLine.vat_percent: components/schemas/OrderLine.yaml#/properties/vat_percent uses components/schemas/DecimalString.yaml#/pattern',
    ]);
  });
});
