// The connection settings come from the environment only: a flag value would land in the shell's
// history. None of them is ever printed.
import { CliError, EXIT } from './io.ts';
import { readPartnerId } from 'shipping-api-v3-client';
import { beyondDoubleReason } from 'shipping-api-v3-contract/internal';

export interface Connection {
  baseUrl: string;
  username: string;
  apiKey: string;
  partnerId?: number;
  /** Origins besides the API's that receive the credentials (a file host): SHIPPING_CREDENTIAL_ORIGINS. */
  credentialOrigins?: string[];
}

const ENV_NAMES = [
  'SHIPPING_BASE_URL',
  'SHIPPING_USER',
  'SHIPPING_API_KEY',
  'SHIPPING_PARTNER_ID',
  'SHIPPING_CREDENTIAL_ORIGINS',
] as const;

export type EnvName = (typeof ENV_NAMES)[number];

export function connectionFromEnv(env: NodeJS.ProcessEnv): Connection {
  const missing = ENV_NAMES.slice(0, 3).filter((name) => !env[name]);
  if (missing.length > 0) {
    throw new CliError(
      `Set ${missing.join(', ')} in the environment (see shipping-api --help).`,
      EXIT.BAD_INPUT,
      // One variable to name, where only one is missing.
      missing.length === 1 ? { variable: missing[0] } : {},
    );
  }
  const connection: Connection = {
    baseUrl: env.SHIPPING_BASE_URL!,
    username: env.SHIPPING_USER!,
    apiKey: env.SHIPPING_API_KEY!,
  };
  const partner = env.SHIPPING_PARTNER_ID;
  if (partner !== undefined && partner !== '') {
    const reading = readPartnerId(partner);
    if (!reading.ok)
      throw new CliError(
        reading.readsAs === undefined
          ? 'SHIPPING_PARTNER_ID must be the numeric Partner ID, written as a decimal number.'
          : `SHIPPING_PARTNER_ID ${beyondDoubleReason(reading.readsAs)}.`,
        EXIT.BAD_INPUT,
        { variable: 'SHIPPING_PARTNER_ID' },
      );
    connection.partnerId = reading.partnerId;
  }
  const origins = (env.SHIPPING_CREDENTIAL_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter(Boolean);
  if (origins.length > 0) connection.credentialOrigins = origins;
  return connection;
}
