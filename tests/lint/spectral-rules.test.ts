// Each project rule of .spectral.yaml is fed a small document that obeys it and one that breaks it,
// linted in this process through Spectral's own API with the ruleset as the contract's lint loads it
// (the OWASP ruleset and the functions of openapi/lint/functions/ included).
import { readFileSync } from 'node:fs';
import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadSpectralRuleset, SPECTRAL_RULESET } from '../../dev/build/pipeline/lint.ts';

interface Finding {
  code: string | number;
  path: (string | number)[];
  severity: number;
}

/** A small document that obeys every project rule. */
function obeying(): any {
  const partnerId = { $ref: '#/components/parameters/PartnerId' };
  const unauthorized = { $ref: '#/components/responses/Unauthorized' };
  return {
    openapi: '3.1.0',
    info: { title: 'Fixture', version: '1.0.0', description: 'Fixture.' },
    servers: [{ url: 'https://shipping.example/api/public/v3', 'x-internal': false }],
    security: [{ basicAuth: [] }],
    tags: [{ name: 'Fixture', description: 'Fixture.' }],
    paths: {
      '/setups/carriers': {
        get: {
          operationId: 'requestCarrierSetup',
          summary: 'Status',
          description: 'Status.',
          tags: ['Fixture'],
          parameters: [partnerId],
          responses: {
            '2XX': {
              description: 'Status.',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      status: { type: 'string', enum: ['REQUESTED', 'IN_PROGRESS', 'COMPLETED'] },
                      files: { type: 'array', items: { 'x-unspecified': 'Element shape.' } },
                      // The schema nothing obeys: "never returned", stated in the response.
                      partner_id: { description: 'Never present.', not: {} },
                    },
                  },
                },
              },
            },
            '401': unauthorized,
          },
        },
      },
      '/shipments': {
        post: {
          operationId: 'createShipment',
          summary: 'Create',
          description: 'Create.',
          tags: ['Fixture'],
          parameters: [partnerId],
          requestBody: {
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    sender: {
                      type: 'object',
                      properties: { country_code: { type: 'string', pattern: '^[A-Z]{2}$' } },
                    },
                    receiver: {
                      type: 'object',
                      properties: { country_code: { type: 'string', 'x-unspecified': 'Format not given.' } },
                    },
                    partner_id: { type: 'number', deprecated: true },
                  },
                },
              },
            },
          },
          responses: {
            '2XX': {
              description: 'Created.',
              'x-unspecified': 'Status code.',
              content: { '*/*': { 'x-unspecified': 'Body.' } },
            },
            '401': unauthorized,
          },
        },
      },
      '/shipment_drafts': {
        post: {
          operationId: 'createShipmentDraft',
          summary: 'Draft',
          description: 'Draft.',
          tags: ['Fixture'],
          parameters: [partnerId],
          requestBody: {
            content: {
              'application/json': { schema: { type: 'object', properties: { reference: { type: 'string' } } } },
            },
          },
          responses: {
            '2XX': { description: 'Created.', 'x-unspecified': 'Status code and body.' },
            '401': unauthorized,
          },
        },
      },
    },
    components: {
      // An operation at no path, as the download is: the project rules reach it too.
      pathItems: {
        CarrierSetupFile: {
          get: {
            operationId: 'downloadCarrierSetupFile',
            summary: 'Download',
            description: 'Download.',
            tags: ['Fixture'],
            parameters: [partnerId],
            responses: {
              '200': {
                description: 'The file.',
                'x-http-standard': 'RFC 9110 §15.3.1',
                content: {
                  'application/json': {
                    schema: { type: 'array', items: { type: 'object', properties: { code: { type: 'string' } } } },
                  },
                },
              },
              '401': unauthorized,
            },
          },
        },
      },
      securitySchemes: { basicAuth: { type: 'http', scheme: 'basic' } },
      parameters: {
        PartnerId: {
          name: 'Partner-ID',
          in: 'header',
          required: false,
          schema: { $ref: '#/components/schemas/PartnerId' },
          example: 10042,
        },
      },
      schemas: {
        PartnerId: { type: 'number', 'x-unspecified': 'Whether it is a whole number, and its range.' },
      },
      headers: {
        'WWW-Authenticate': { schema: { type: 'string' }, example: 'Basic realm="x"' },
      },
      responses: {
        Unauthorized: {
          description: 'Refused.',
          'x-http-standard': 'RFC 9110 §15.5.2, RFC 7617',
          'x-unspecified': 'Body.',
          headers: { 'WWW-Authenticate': { $ref: '#/components/headers/WWW-Authenticate' } },
        },
      },
    },
  };
}

const carriers = (d: any) => d.paths['/setups/carriers'].get;
const download = (d: any) => d.components.pathItems.CarrierSetupFile.get;
const AT_DOWNLOAD = 'components.pathItems.CarrierSetupFile.get';
const shipments = (d: any) => d.paths['/shipments'].post;
const shipmentBody = (d: any) => shipments(d).requestBody.content['application/json'].schema;

/** One document per project rule that breaks it, and where the rule must point. */
const breaking: Record<string, { mutate: (d: any) => void; at: string }> = {
  'operation-id-camel-case': {
    mutate: (d) => (shipments(d).operationId = 'create_shipment'),
    at: 'paths./shipments.post.operationId',
  },
  'property-snake-case': {
    mutate: (d) => (shipmentBody(d).properties.productCode = { type: 'string' }),
    at: 'paths./shipments.post.requestBody.content.application/json.schema.properties.productCode',
  },
  'partner-id-header-on-every-operation': {
    mutate: (d) => (shipments(d).parameters = []),
    at: 'paths./shipments.post',
  },
  'basic-auth-on-every-operation': {
    mutate: (d) => (shipments(d).security = [{}]),
    at: 'paths./shipments.post.security.0',
  },
  'country-code-pattern': {
    mutate: (d) => delete shipmentBody(d).properties.sender.properties.country_code.pattern,
    at: 'paths./shipments.post.requestBody.content.application/json.schema.properties.sender.properties.country_code',
  },
  'partner-id-deprecated': {
    mutate: (d) => delete shipmentBody(d).properties.partner_id.deprecated,
    at: 'paths./shipments.post.requestBody.content.application/json.schema.properties.partner_id',
  },
  'no-partner-id-in-responses': {
    mutate: (d) =>
      (carriers(d).responses['2XX'].content['application/json'].schema.properties.partner_id = {
        type: 'integer',
        deprecated: true,
      }),
    at: 'paths./setups/carriers.get.responses.2XX.content.application/json.schema.properties.partner_id',
  },
  'no-partner-id-body-field-on-drafts': {
    mutate: (d) =>
      (d.paths['/shipment_drafts'].post.requestBody.content['application/json'].schema.properties.partner_id = {
        type: 'integer',
        deprecated: true,
      }),
    at: 'paths./shipment_drafts.post.requestBody.content.application/json.schema.properties.partner_id',
  },
  'open-shape-marked': {
    mutate: (d) =>
      delete carriers(d).responses['2XX'].content['application/json'].schema.properties.files.items['x-unspecified'],
    at: 'paths./setups/carriers.get.responses.2XX.content.application/json.schema.properties.files.items',
  },
  'status-code-from-http-standard': {
    mutate: (d) => (shipments(d).responses['201'] = { description: 'Created.', 'x-unspecified': 'Body.' }),
    at: 'paths./shipments.post.responses.201',
  },
  'partner-id-as-specified': {
    mutate: (d) => Object.assign(d.components.schemas.PartnerId, { type: 'integer', minimum: 1 }),
    at: 'components.schemas.PartnerId.type',
  },
  'parameter-and-header-example': {
    mutate: (d) => delete d.components.parameters.PartnerId.example,
    at: 'components.parameters.PartnerId',
  },
};

/** Further ways to break open-shape-marked and basic-auth-on-every-operation, each a document of its own. */
const moreBreaking: Record<string, { rule: string; mutate: (d: any) => void; at: string }> = {
  'open-shape-marked-array-without-items': {
    rule: 'open-shape-marked',
    mutate: (d) => (shipmentBody(d).properties.parcels = { type: 'array' }),
    at: 'paths./shipments.post.requestBody.content.application/json.schema.properties.parcels',
  },
  // `items: {}` is allowed only under an array that is itself marked x-unspecified.
  'open-shape-marked-empty-items-of-unmarked-array': {
    rule: 'open-shape-marked',
    mutate: (d) => (shipmentBody(d).properties.parcels = { type: 'array', items: {} }),
    at: 'paths./shipments.post.requestBody.content.application/json.schema.properties.parcels.items',
  },
  'open-shape-marked-response-without-content': {
    rule: 'open-shape-marked',
    mutate: (d) => delete d.paths['/shipment_drafts'].post.responses['2XX']['x-unspecified'],
    at: 'paths./shipment_drafts.post.responses.2XX',
  },
  'open-shape-marked-media-type-without-schema': {
    rule: 'open-shape-marked',
    mutate: (d) => delete shipments(d).responses['2XX'].content['*/*']['x-unspecified'],
    at: 'paths./shipments.post.responses.2XX.content.*/*',
  },
  'status-code-from-http-standard-on-a-shared-response': {
    rule: 'status-code-from-http-standard',
    mutate: (d) => delete d.components.responses.Unauthorized['x-http-standard'],
    at: 'components.responses.Unauthorized',
  },
  'partner-id-as-specified-unmarked': {
    rule: 'partner-id-as-specified',
    mutate: (d) => delete d.components.schemas.PartnerId['x-unspecified'],
    at: 'components.schemas.PartnerId',
  },
  'partner-id-as-specified-bounded': {
    rule: 'partner-id-as-specified',
    mutate: (d) => (d.components.schemas.PartnerId.exclusiveMinimum = 0),
    at: 'components.schemas.PartnerId.exclusiveMinimum',
  },
  // The download lives in components.pathItems: each rule that reads operations reads it too.
  'operation-id-camel-case-at-no-path': {
    rule: 'operation-id-camel-case',
    mutate: (d) => (download(d).operationId = 'download_file'),
    at: `${AT_DOWNLOAD}.operationId`,
  },
  'partner-id-header-on-every-operation-at-no-path': {
    rule: 'partner-id-header-on-every-operation',
    mutate: (d) => (download(d).parameters = []),
    at: AT_DOWNLOAD,
  },
  'status-code-from-http-standard-at-no-path': {
    rule: 'status-code-from-http-standard',
    mutate: (d) => delete download(d).responses['200']['x-http-standard'],
    at: `${AT_DOWNLOAD}.responses.200`,
  },
  'open-shape-marked-at-no-path': {
    rule: 'open-shape-marked',
    mutate: (d) =>
      (download(d).responses['416'] = { description: 'Outside the file.', 'x-http-standard': 'RFC 9110 §15.5.17' }),
    at: `${AT_DOWNLOAD}.responses.416`,
  },
  'no-partner-id-in-responses-at-no-path': {
    rule: 'no-partner-id-in-responses',
    mutate: (d) =>
      (download(d).responses['200'].content['application/json'].schema.items.properties.partner_id = {
        type: 'number',
        deprecated: true,
      }),
    at: `${AT_DOWNLOAD}.responses.200.content.application/json.schema.items.properties.partner_id`,
  },
  // Only `not: {}`, which nothing obeys, states "never returned"; any other schema is a partner_id.
  'no-partner-id-in-responses-not-never': {
    rule: 'no-partner-id-in-responses',
    mutate: (d) =>
      (carriers(d).responses['2XX'].content['application/json'].schema.properties.partner_id = {
        not: { type: 'string' },
        deprecated: true,
      }),
    at: 'paths./setups/carriers.get.responses.2XX.content.application/json.schema.properties.partner_id',
  },
  'basic-auth-on-every-operation-no-security': {
    rule: 'basic-auth-on-every-operation',
    mutate: (d) => delete d.security,
    at: 'paths./setups/carriers.get',
  },
  // The download has no path, but is a request like any other (5.1.1: every request).
  'basic-auth-on-every-operation-at-no-path': {
    rule: 'basic-auth-on-every-operation',
    mutate: (d) => (download(d).security = [{}]),
    at: `${AT_DOWNLOAD}.security.0`,
  },
  'basic-auth-on-every-operation-none-at-no-path': {
    rule: 'basic-auth-on-every-operation',
    mutate: (d) => (download(d).security = []),
    at: AT_DOWNLOAD,
  },
  'basic-auth-on-every-operation-other-scheme': {
    rule: 'basic-auth-on-every-operation',
    mutate: (d) => (d.components.securitySchemes.basicAuth = { type: 'http', scheme: 'bearer' }),
    at: 'security.0',
  },
};

const projectRules = Object.keys(
  (parse(readFileSync(SPECTRAL_RULESET, 'utf8')) as { rules: Record<string, unknown> }).rules,
).filter((name) => !name.includes(':') && !['info-contact', 'info-license'].includes(name));

let findings: Map<string, Finding[]>;

beforeAll(async () => {
  const spectral = new Spectral();
  spectral.setRuleset(await loadSpectralRuleset());
  const documents: [string, ((d: any) => void) | undefined][] = [
    ['obeying', undefined],
    ...Object.entries(breaking).map(([rule, { mutate }]): [string, (d: any) => void] => [rule, mutate]),
    ...Object.entries(moreBreaking).map(([name, { mutate }]): [string, (d: any) => void] => [name, mutate]),
  ];
  findings = new Map();
  for (const [name, mutate] of documents) {
    const doc = obeying();
    mutate?.(doc);
    findings.set(name, await spectral.run(new Document(stringify(doc), Parsers.Yaml, `${name}.yaml`)));
  }
});

/** The ids of the rules of the specification (openapi/rules.yaml) each project rule proves, for the test titles. */
const specificationRules: Record<string, string> = {
  'partner-id-header-on-every-operation': '[5.2.2] ',
  'basic-auth-on-every-operation': '[5.1.1] ',
  'country-code-pattern': '[2.3.sender] ',
  'partner-id-deprecated': '[5.2.4] [9.partner_id-deprecated] ',
  'no-partner-id-in-responses': '[5.2.7] ',
  'no-partner-id-body-field-on-drafts': '[5.2.6] [4.6.request] ',
  'open-shape-marked': '[0.not-shown] ',
  'status-code-from-http-standard': '[7.errors-not-shown] ',
  'partner-id-as-specified': '[5.2.1] ',
};

describe('Spectral project rules', () => {
  it('every project rule has a document that breaks it', () => {
    expect(projectRules.sort()).toEqual(Object.keys(breaking).sort());
  });

  it('the obeying document breaks no project rule', () => {
    const codes = (findings.get('obeying') ?? []).map((f) => String(f.code)).filter((c) => projectRules.includes(c));
    expect(codes).toEqual([]);
  });

  for (const [rule, { at }] of Object.entries(breaking)) {
    it(`${specificationRules[rule] ?? ''}${rule} reports the document that breaks it, at ${at}`, () => {
      const hits = (findings.get(rule) ?? []).filter((f) => f.code === rule);
      expect(hits.map((f) => f.path.join('.'))).toContain(at);
      expect(hits.every((f) => f.severity === 0)).toBe(true);
    });
  }

  for (const [name, { rule, at }] of Object.entries(moreBreaking)) {
    it(`${specificationRules[rule] ?? ''}${rule} reports ${name.slice(rule.length + 1).replaceAll('-', ' ')}`, () => {
      const hits = (findings.get(name) ?? []).filter((f) => f.code === rule);
      expect(hits.map((f) => f.path.join('.'))).toContain(at);
    });
  }
});
