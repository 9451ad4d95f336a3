// The two timestamp patterns of the contract (UtcTimestamp for expires_at, OffsetTimestamp for
// ordered_at) against an oracle that does the date arithmetic with Date.UTC, on timestamps drawn from
// the grammar of ISO 8601: the generated validators judge as the oracle does, and utcTimestampMs
// reads the instant the oracle computes.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as validators from '../../generated/validators/index.js';
import { utcTimestampMs } from '../../packages/client/src/utc-timestamp.ts';

// An oracle written apart from the patterns: the drawn parts of a timestamp are judged with date
// arithmetic (Date.UTC, in a year moved by 400, which Gregorian calendars repeat, so that years
// 0–99 are not read as 1900–1999), and the rules of ISO 8601 spelled out one by one.
const DAY = 86_400_000;
const CYCLE = 146_097 * DAY;
const utc = (year: number, monthIndex: number, day: number) => Date.UTC(year + 400, monthIndex, day) - CYCLE;
const isoWeekday = (ms: number) => new Date(ms).getUTCDay() || 7;
const daysInYear = (year: number) => (utc(year + 1, 0, 1) - utc(year, 0, 1)) / DAY;
/** The week of 28 December is always the last ISO week of its year. */
function weeksInYear(year: number): number {
  const dec28 = utc(year, 11, 28);
  const ordinal = (dec28 - utc(year, 0, 1)) / DAY + 1;
  return Math.floor((ordinal - isoWeekday(dec28) + 10) / 7);
}
/** Monday of ISO week 1: the week that holds the year's first Thursday. */
function weekOneMonday(year: number): number {
  const jan1 = utc(year, 0, 1);
  const weekday = isoWeekday(jan1);
  return jan1 + (weekday <= 4 ? 1 - weekday : 8 - weekday) * DAY;
}

type DatePart =
  | { kind: 'calendar'; month: number; day: number }
  | { kind: 'ordinal'; day: number }
  | { kind: 'week'; week: number; weekday: number };
interface Drawn {
  year: number;
  date: DatePart;
  dateExt: boolean;
  separator: string;
  precision: number;
  hour: number;
  minute: number;
  second: number;
  timeExt: boolean;
  fraction: { mark: string; digits: string } | null;
  offset:
    | { kind: 'Z' }
    | { kind: 'none' }
    | { kind: 'numeric'; sign: string; hours: number; minutes: number | null; ext: boolean };
}

const two = (n: number) => String(n).padStart(2, '0');
function write(t: Drawn): string {
  const d = t.dateExt ? '-' : '';
  const date =
    t.date.kind === 'calendar'
      ? `${two(t.date.month)}${d}${two(t.date.day)}`
      : t.date.kind === 'ordinal'
        ? String(t.date.day).padStart(3, '0')
        : `W${two(t.date.week)}${d}${t.date.weekday}`;
  const time = [t.hour, t.minute, t.second]
    .slice(0, t.precision)
    .map(two)
    .join(t.timeExt ? ':' : '');
  const fraction = t.fraction ? t.fraction.mark + t.fraction.digits : '';
  const o = t.offset;
  const offset =
    o.kind === 'Z'
      ? 'Z'
      : o.kind === 'none'
        ? ''
        : `${o.sign}${two(o.hours)}${o.minutes === null ? '' : (o.ext ? ':' : '') + two(o.minutes)}`;
  return `${String(t.year).padStart(4, '0')}${d}${date}${t.separator}${time}${fraction}${offset}`;
}

/** The start of the drawn day in epoch milliseconds, or null when the date does not exist. */
function dayStart(t: Drawn): number | null {
  const { year, date } = t;
  if (date.kind === 'calendar') {
    const ms = utc(year, date.month - 1, date.day);
    const back = new Date(ms + CYCLE);
    return date.month >= 1 &&
      date.month <= 12 &&
      back.getUTCMonth() === date.month - 1 &&
      back.getUTCDate() === date.day
      ? ms
      : null;
  }
  if (date.kind === 'ordinal') return date.day >= 1 && date.day <= daysInYear(year) ? utc(year, 0, date.day) : null;
  if (date.week < 1 || date.week > weeksInYear(year) || date.weekday < 1 || date.weekday > 7) return null;
  return weekOneMonday(year) + ((date.week - 1) * 7 + date.weekday - 1) * DAY;
}

/** What the two fields' rules say of a drawn timestamp, and the instant a valid expires_at names. */
function oracle(t: Drawn): { utc: boolean; offset: boolean; ms: number } {
  const start = dayStart(t);
  const o = t.offset;
  const digits = t.fraction?.digits;
  const common =
    start !== null &&
    t.separator === 'T' &&
    // Basic and extended never mixed; an hour alone and an offset without minutes fit both.
    (t.precision === 1 || t.timeExt === t.dateExt) &&
    (o.kind !== 'numeric' || o.minutes === null || o.ext === t.dateExt) &&
    digits !== '' &&
    (t.precision < 2 || t.minute <= 59) &&
    (t.precision < 3 || t.second <= 60) &&
    (t.hour <= 23 ||
      (t.hour === 24 &&
        (t.precision < 2 || t.minute === 0) &&
        (t.precision < 3 || t.second === 0) &&
        !/[1-9]/.test(digits ?? '')));
  const zero = o.kind === 'numeric' && o.hours === 0 && !o.minutes;
  const isUtc = common && (o.kind === 'Z' || (zero && o.kind === 'numeric' && o.sign === '+'));
  const isOffset =
    common &&
    t.precision === 3 &&
    digits !== undefined &&
    (o.kind === 'Z' || (o.kind === 'numeric' && o.hours <= 23 && (o.minutes ?? 0) <= 59 && !(zero && o.sign === '-')));
  const units = [3_600_000, 60_000, 1_000] as const;
  const whole = [t.hour, t.minute, t.second]
    .slice(0, t.precision)
    .reduce((sum, v, i) => sum + v * units[i as 0 | 1 | 2], 0);
  const part = digits ? Math.floor((Number(digits) * units[(t.precision - 1) as 0 | 1 | 2]) / 10 ** digits.length) : 0;
  return { utc: isUtc, offset: isOffset, ms: (start ?? Number.NaN) + whole + part };
}

const drawn: fc.Arbitrary<Drawn> = fc.record({
  year: fc.oneof(
    fc.integer({ min: 0, max: 9999 }),
    fc.constantFrom(0, 1600, 1900, 2000, 2004, 2015, 2020, 2024, 2025, 2026, 2100, 2400, 9999),
  ),
  date: fc.oneof(
    fc.record({
      kind: fc.constant('calendar' as const),
      month: fc.integer({ min: 0, max: 13 }),
      day: fc.oneof(fc.integer({ min: 0, max: 32 }), fc.constantFrom(28, 29, 30, 31)),
    }),
    fc.record({
      kind: fc.constant('ordinal' as const),
      day: fc.oneof(fc.integer({ min: 0, max: 367 }), fc.constantFrom(365, 366)),
    }),
    fc.record({
      kind: fc.constant('week' as const),
      week: fc.oneof(fc.integer({ min: 0, max: 54 }), fc.constant(53)),
      weekday: fc.integer({ min: 0, max: 8 }),
    }),
  ),
  dateExt: fc.boolean(),
  separator: fc.constantFrom('T', 'T', 'T', 'T', 'T', 'T', ' ', 't'),
  precision: fc.constantFrom(1, 2, 3, 3, 3),
  hour: fc.oneof(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 23, 24, 24, 25)),
  minute: fc.oneof(fc.integer({ min: 0, max: 59 }), fc.constantFrom(0, 0, 59, 60)),
  second: fc.oneof(fc.integer({ min: 0, max: 59 }), fc.constantFrom(0, 0, 59, 60, 61)),
  timeExt: fc.boolean(),
  fraction: fc.option(
    fc.record({
      mark: fc.constantFrom('.', ','),
      digits: fc.oneof(fc.stringMatching(/^\d{1,9}$/), fc.constantFrom('0', '000', '5', '')),
    }),
    { freq: 3 },
  ),
  offset: fc.oneof(
    fc.constant({ kind: 'Z' as const }),
    fc.record({
      kind: fc.constant('numeric' as const),
      sign: fc.constantFrom('+', '-'),
      hours: fc.oneof(fc.integer({ min: 0, max: 24 }), fc.constant(0)),
      minutes: fc.option(fc.oneof(fc.integer({ min: 0, max: 60 }), fc.constant(0))),
      ext: fc.boolean(),
    }),
    fc.constant({ kind: 'none' as const }),
  ),
});

describe('the patterns agree with the oracle on timestamps drawn from the grammar', () => {
  it('UtcTimestamp and OffsetTimestamp judge as the oracle does, and utcTimestampMs reads the instant the oracle computes', () => {
    const seen = { utc: 0, offset: 0, week53: 0, leapDay: 0, total: 0 };
    fc.assert(
      fc.property(drawn, (t) => {
        const text = write(t);
        const expected = oracle(t);
        seen.total += 1;
        if (expected.utc) seen.utc += 1;
        if (expected.offset) seen.offset += 1;
        if ((expected.utc || expected.offset) && t.date.kind === 'week' && t.date.week === 53) seen.week53 += 1;
        if (
          (expected.utc || expected.offset) &&
          ((t.date.kind === 'calendar' && t.date.month === 2 && t.date.day === 29) ||
            (t.date.kind === 'ordinal' && t.date.day === 366))
        )
          seen.leapDay += 1;
        // expect() only on a disagreement: 20,000 draws, and the same message when one disagrees.
        const utc = validators.UtcTimestamp(text);
        const offset = validators.OffsetTimestamp(text);
        const ms = utcTimestampMs(text);
        if (utc !== expected.utc) expect(utc, text).toBe(expected.utc);
        if (offset !== expected.offset) expect(offset, text).toBe(expected.offset);
        if (expected.utc ? ms !== expected.ms : !Number.isNaN(ms)) {
          if (expected.utc) expect(ms, text).toBe(expected.ms);
          else expect(ms, text).toBeNaN();
        }
      }),
      { numRuns: 20_000 },
    );
    // The draws reach both sides of every rule, not only the refusals.
    expect(seen.utc).toBeGreaterThan(600);
    expect(seen.offset).toBeGreaterThan(200);
    expect(seen.week53).toBeGreaterThan(25);
    expect(seen.leapDay).toBeGreaterThan(25);
  });

  it('the week-53 years of the oracle are those of the pattern, every year 0000 to 9999', () => {
    for (let year = 0; year <= 9999; year += 1) {
      const text = `${String(year).padStart(4, '0')}-W53-1T00Z`;
      expect(validators.UtcTimestamp(text), text).toBe(weeksInYear(year) === 53);
    }
  });

  it('the leap years of the oracle are those of the pattern, every year 0000 to 9999', () => {
    for (let year = 0; year <= 9999; year += 1) {
      const y = String(year).padStart(4, '0');
      const leap = daysInYear(year) === 366;
      expect(validators.UtcTimestamp(`${y}-02-29T00Z`), y).toBe(leap);
      expect(validators.OffsetTimestamp(`${y}366T000000.0+0100`), y).toBe(leap);
    }
  });
});
