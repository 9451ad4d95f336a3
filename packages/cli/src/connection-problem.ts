// A connection setting of the environment that createShippingClient refused, as the error of the
// command line: setup pull's and conform's.
import { ShippingApiError } from 'shipping-api-v3-client';
import type { EnvName } from './env.ts';
import { CliError, EXIT } from './io.ts';

/** The option of createShippingClient that a ShippingApiError names in `option`, as the variable that sets it. */
const OPTION_VARIABLES: Readonly<Record<string, EnvName>> = {
  baseUrl: 'SHIPPING_BASE_URL',
  username: 'SHIPPING_USER',
  apiKey: 'SHIPPING_API_KEY',
  partnerId: 'SHIPPING_PARTNER_ID',
  credentialOrigins: 'SHIPPING_CREDENTIAL_ORIGINS',
};

/** The flag that adds to a variable, where there is one. */
const VARIABLE_FLAGS: Partial<Record<EnvName, string>> = { SHIPPING_CREDENTIAL_ORIGINS: '--credential-origin' };

/**
 * A connection setting that createShippingClient refused, naming only the variable at fault (and
 * the flag that adds to it), as its `option` field says. Where the message opens with that option's
 * name (and an index), the words "the value" stand for it.
 */
export function connectionProblem(error: unknown): CliError {
  const message = error instanceof Error ? error.message : String(error);
  const option = error instanceof ShippingApiError ? error.option : undefined;
  const variable = option === undefined ? undefined : OPTION_VARIABLES[option];
  if (option === undefined || variable === undefined) {
    return new CliError(`SHIPPING_BASE_URL, SHIPPING_USER or SHIPPING_API_KEY: ${message}`, EXIT.BAD_INPUT, {
      cause: error,
    });
  }
  const flag = VARIABLE_FLAGS[variable];
  const opening = new RegExp(`^${option}(\\[\\d+\\])?(?=\\s)`);
  return new CliError(
    `${flag ? `${flag} or ` : ''}${variable}: ${message.replace(opening, 'the value')}`,
    EXIT.BAD_INPUT,
    {
      code: 'INVALID_OPTIONS',
      variable,
      ...(flag ? { option: flag } : {}),
      cause: error,
    },
  );
}
