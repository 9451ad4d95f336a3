// The two timestamps of the specification, as the contract writes them: expires_at is an ISO 8601
// UTC timestamp (UtcTimestamp), ordered_at an ISO 8601 timestamp with a UTC offset and fractional
// seconds (OffsetTimestamp). Each form is checked with the generated validators, on the component
// and on the field inside its body; the Arazzo workflow checks expires_at with the same pattern; and
// utcTimestampMs reads every accepted expires_at as the instant it names. (The patterns against an
// oracle that does the date arithmetic with Date.UTC: timestamps-drawn.test.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as validators from '../../generated/validators/index.js';
import { root } from '../../dev/paths.ts';
import { utcTimestampMs } from '../../packages/client/src/utc-timestamp.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import {
  expiresAtAccepted,
  expiresAtRefused,
  orderedAtAccepted,
  orderedAtRefused,
} from '../support/fixtures/timestamp-cases.ts';

const bundle = readJson(bundlePath);
const example = (name: string): any => structuredClone(bundle.components.examples[name].value);

function check(component: 'UtcTimestamp' | 'OffsetTimestamp', value: string) {
  const body =
    component === 'UtcTimestamp'
      ? { ...example('CarrierSetupStatusCompleted'), expires_at: value }
      : { ...example('SalesOrderCreate'), ordered_at: value };
  const validateBody =
    component === 'UtcTimestamp' ? validators.CarrierSetupStatusCompleted : validators.SalesOrderCreate;
  const field = component === 'UtcTimestamp' ? '/expires_at' : '/ordered_at';
  const inBody = validateBody(body);
  return {
    component: validators[component](value),
    inBody,
    at: inBody ? undefined : validateBody.errors?.[0]?.instancePath,
    field,
  };
}

describe.each([
  { component: 'UtcTimestamp' as const, field: 'expires_at', accepted: expiresAtAccepted, refused: expiresAtRefused },
  {
    component: 'OffsetTimestamp' as const,
    field: 'ordered_at',
    accepted: orderedAtAccepted,
    refused: orderedAtRefused,
  },
])('$field ($component)', ({ component, accepted, refused }) => {
  it('has at least 30 accepted and 30 refused cases', () => {
    expect(accepted.length).toBeGreaterThanOrEqual(30);
    expect(refused.length).toBeGreaterThanOrEqual(30);
  });

  for (const value of accepted) {
    it(`accepts ${JSON.stringify(value)}`, () => {
      expect(check(component, value)).toMatchObject({ component: true, inBody: true });
    });
  }

  for (const value of refused) {
    it(`refuses ${JSON.stringify(value)}`, () => {
      const result = check(component, value);
      expect(result).toMatchObject({ component: false, inBody: false });
      expect(result.at).toBe(result.field);
    });
  }
});

describe('the patterns', () => {
  const schemas = bundle.components.schemas;

  it.each(['UtcTimestamp', 'OffsetTimestamp'])(
    '%s is one plain regex: no lookaround, no backreference, no format',
    (name) => {
      const { pattern, format } = schemas[name];
      expect(format).toBeUndefined();
      expect(pattern).not.toMatch(/\(\?<?[=!]|\\[1-9]|\\k</);
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
    },
  );

  it('[2.1.expires_at] [2.4.ordered_at] the fields refer to them', () => {
    expect(schemas.CarrierSetupStatusCompleted.properties.expires_at.$ref).toBe('#/components/schemas/UtcTimestamp');
    expect(schemas.SalesOrderCreate.properties.ordered_at.$ref).toBe('#/components/schemas/OffsetTimestamp');
  });

  it("the carrier setup workflow's expires_at criterion is exactly the UtcTimestamp pattern", () => {
    const workflow = parse(readFileSync(path.join(root, 'openapi/workflows/carrier-setup.arazzo.yaml'), 'utf8'));
    const criteria = workflow.workflows.flatMap((w: any) => w.steps).flatMap((s: any) => s.successCriteria ?? []);
    const expiresAt = criteria.filter((c: any) => c.context === '$response.body#/expires_at' && c.type === 'regex');
    expect(expiresAt).toHaveLength(1);
    expect(expiresAt[0].condition).toBe(schemas.UtcTimestamp.pattern);
  });
});

describe('utcTimestampMs', () => {
  it.each([
    ['2026-11-21T15:30Z', Date.UTC(2026, 10, 21, 15, 30)],
    ['20261121T153000Z', Date.UTC(2026, 10, 21, 15, 30)],
    ['2026-325T15:30:00Z', Date.UTC(2026, 10, 21, 15, 30)],
    ['2026-W47-6T15:30:00,5Z', Date.UTC(2026, 10, 21, 15, 30, 0, 500)],
    ['2026-11-21T15,5Z', Date.UTC(2026, 10, 21, 15, 30)],
    ['2026-11-21T15:30.25Z', Date.UTC(2026, 10, 21, 15, 30, 15)],
    ['2026-11-21T24Z', Date.UTC(2026, 10, 22)],
    ['2026-W01-1T00Z', Date.UTC(2025, 11, 29)],
    ['2026-W53-7T12:00Z', Date.UTC(2027, 0, 3, 12)],
    ['2026-11-21T15:30:00+00:00', Date.UTC(2026, 10, 21, 15, 30)],
  ])('%s', (text, ms) => {
    expect(utcTimestampMs(text)).toBe(ms);
  });

  it.each(expiresAtAccepted)('reads %j as Date.parse does where Date.parse reads it', (text) => {
    const parsed = Date.parse(text);
    expect(utcTimestampMs(text)).toSatisfy(
      (ms: number) => Number.isFinite(ms) && (Number.isNaN(parsed) || /T24|:60/.test(text) || ms === parsed),
    );
  });

  it.each(expiresAtRefused)('is NaN for %j', (text) => {
    expect(utcTimestampMs(text)).toBeNaN();
  });
});
