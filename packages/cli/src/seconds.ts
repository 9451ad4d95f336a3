// A flag's value in seconds (setup pull's and conform's --poll-interval and --timeout).
import { parseSeconds } from 'shipping-api-v3-contract/internal';
import { CliError, EXIT } from './io.ts';

/** A flag's value in seconds, as milliseconds (setup pull's and conform's --poll-interval and --timeout). */
export function seconds(flag: string, value: string): number {
  const ms = parseSeconds(value);
  if (ms === undefined)
    throw new CliError(`${flag} must be a positive number of seconds, not ${JSON.stringify(value)}.`, EXIT.BAD_INPUT, {
      option: flag,
    });
  return ms;
}
