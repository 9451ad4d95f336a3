// The instant of an ISO 8601 UTC timestamp (the contract's UtcTimestamp, as expires_at is written).
// Date.parse reads only some ISO 8601 forms: not ordinal or week dates, the basic format, a comma
// before the fraction or an hour without minutes.
import { UtcTimestamp } from 'shipping-api-v3-contract';

const DAY_MS = 86_400_000;
/** Days in 400 Gregorian years: adding 400 to the year keeps Date.UTC away from its years 0–99. */
const CYCLE_DAYS = 146_097;
const epochDay = (year: number, monthIndex: number, day: number) =>
  Date.UTC(year + 400, monthIndex, day) / DAY_MS - CYCLE_DAYS;

/**
 * Milliseconds since 1970-01-01T00:00:00Z of a string the UtcTimestamp pattern accepts; NaN for any
 * other string. Below the millisecond the time is cut off; a leap second (:60) counts as the first
 * second of the next minute, and hour 24 as the start of the next day.
 */
export function utcTimestampMs(text: string): number {
  if (!UtcTimestamp(text)) return Number.NaN;
  // The form is the pattern's concern; this only splits what it accepted.
  const [, year = '', date = '', time = '', fraction = ''] = /^(\d{4})-?([^T]+)T([\d:]+)(?:[.,](\d+))?/.exec(text)!;
  const y = Number(year);
  const d = date.replace(/-/g, '');
  let day: number;
  if (d.startsWith('W')) {
    // Week 1 is the week (Monday to Sunday) that holds 4 January.
    const jan4 = epochDay(y, 0, 4);
    const monday = jan4 - ((((jan4 + 3) % 7) + 7) % 7); // 1970-01-01 was a Thursday.
    day = monday + (Number(d.slice(1, 3)) - 1) * 7 + Number(d.slice(3)) - 1;
  } else if (d.length === 3) {
    day = epochDay(y, 0, Number(d));
  } else {
    day = epochDay(y, Number(d.slice(0, 2)) - 1, Number(d.slice(2)));
  }
  const [hours = 0, minutes, seconds] = time.replace(/:/g, '').match(/\d\d/g)!.map(Number);
  const whole = hours * 3_600_000 + (minutes ?? 0) * 60_000 + (seconds ?? 0) * 1_000;
  // The fraction is of the last unit written; nine digits of it, in whole numbers: exact, and far below the millisecond.
  const unit = seconds !== undefined ? 1_000 : minutes !== undefined ? 60_000 : 3_600_000;
  const part = Math.floor((Number(fraction.slice(0, 9).padEnd(9, '0')) * unit) / 1e9);
  return day * DAY_MS + whole + part;
}
