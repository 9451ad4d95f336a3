// Carrier setup files and statuses for the tests and the benchmark: valid by construction, of any size.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { root } from '../../../scripts/lib/tools.ts';
import type { CarrierSetupFile, CarrierSetupStatus } from '../../../src/index.ts';

/** The contract's own example file. */
export function exampleSetupFile(): CarrierSetupFile {
  return (parse(readFileSync(path.join(root, 'openapi/components/examples/CarrierSetupFile.yaml'), 'utf8')) as { value: CarrierSetupFile }).value;
}

const countries = ['DK', 'SE', 'NO', 'FI', 'DE', 'NL'];

/** A carrier code for `index` in lowercase letters and underscores only, as carrier codes are: 0 → a, 26 → ba. */
function letters(index: number): string {
  let text = '';
  do {
    text = String.fromCharCode(97 + (index % 26)) + text;
    index = Math.floor(index / 26);
  } while (index > 0);
  return text;
}

/**
 * The characters of the display names: ASCII only; Latin-1 (Danish); sparse beyond Latin-1, ASCII
 * with an en dash or a Polish place name in about one service name in 50, as an English file with the
 * odd local name carries; or dense beyond Latin-1, every name in a local language (en dash, curly
 * quotes, the euro sign, Polish, Czech, Greek).
 */
export type Script = 'ascii' | 'latin1' | 'sparse-beyond-latin1' | 'dense-beyond-latin1';

type Names = { sms: string; email: string; note: string };

const serviceNames: Record<Exclude<Script, 'sparse-beyond-latin1'>, Names> = {
  ascii: { sms: 'Delivery notice by SMS', email: 'Delivery notice by e-mail', note: 'The receiver is told by e-mail.' },
  latin1: { sms: 'Aftenlevering', email: 'Leveringsbesked på e-mail', note: 'Modtageren får besked på e-mail.' },
  'dense-beyond-latin1': { sms: 'Powiadomienie SMS – „dostawa”', email: 'Oznámení e-mailem – Doručení', note: 'Ειδοποίηση με e-mail, χρέωση 0,50 €.' },
};

/** The odd names of the sparse file: one of them in every 25th country combination (2 service names each). */
const sparseNames: Names[] = [
  { ...serviceNames.ascii, sms: 'Delivery notice by SMS – evening' },
  { ...serviceNames.ascii, sms: 'Delivery notice by SMS, Łódź' },
];

/** The service names of one country combination; `n` counts the combinations of the file. */
function namesOf(script: Script, n: number): Names {
  if (script !== 'sparse-beyond-latin1') return serviceNames[script];
  // The first carrier has none, so that it is no longer than any other (setupFileOfSize).
  return n % 25 === 24 ? sparseNames[Math.floor(n / 25) % 2]! : serviceNames.ascii;
}

function carrier(index: number, script: Script = 'latin1'): CarrierSetupFile[number] {
  const code = `carrier_${letters(index)}`;
  return {
    code,
    name: `Carrier ${index}`,
    products: [0, 1, 2].map((p) => ({
      name: `Product ${p} of carrier ${index}`,
      code: `${code}_product_${p}`,
      service_point_product: p === 0,
      country_combinations: countries.map((receiver, r) => {
        const names = namesOf(script, (index * 3 + p) * countries.length + r);
        return {
          sender_country_code: 'DK',
          receiver_country_code: receiver,
          platform_agreement_available: true,
          own_agreement_available: receiver !== 'DK',
          available_customer_numbers: ['5102345'],
          customs_declaration_required: receiver === 'NO',
          required_fields: ['receiver_email'],
          optional_fields: ['reference'],
          required_parcel_fields: ['weight'],
          optional_parcel_fields: ['length', 'width', 'height'],
          optional_dg_fields: [],
          package_types: [],
          allowed_incoterms: [],
          available_services: [{ code: `${code}_sms`, name: names.sms, required_fields: ['receiver_phone'], optional_fields: [], own_agreement_required: false }],
          required_services: [
            { code: `${code}_email`, name: names.email, required_fields: ['receiver_email'], optional_fields: [], own_agreement_required: false, note: names.note },
          ],
        };
      }),
    })),
  };
}

/** A valid setup file whose JSON text is at least `bytes` long, its display names in `script`. */
export function setupFileOfSize(bytes: number, script: Script = 'latin1'): Buffer {
  const perCarrier = Buffer.byteLength(JSON.stringify(carrier(0, script))) + 1;
  const count = Math.max(1, Math.ceil(bytes / perCarrier));
  return Buffer.from(JSON.stringify(Array.from({ length: count }, (_, i) => carrier(i, script))));
}

export const requested: CarrierSetupStatus = { status: 'REQUESTED', expires_at: null, url: null };
export const inProgress: CarrierSetupStatus = { status: 'IN_PROGRESS', expires_at: null, url: null };

export function completed(url: string, expiresAt = new Date(Date.now() + 3_600_000)): CarrierSetupStatus {
  return { status: 'COMPLETED', expires_at: expiresAt.toISOString().replace(/\.\d{3}Z$/, 'Z'), url };
}
