// `setup show <product-code>`: a product with its country combinations, agreements, fields and services.
import { readSetupIndex } from '../files.ts';
import { CliError, EXIT, type Io, line, painter } from '../io.ts';
import { agreements } from '../setup-text.ts';
import type { SetupShowOptions } from './setup-show.command.ts';

export async function setupShow(code: string, options: SetupShowOptions, io: Io): Promise<number> {
  const index = await readSetupIndex(options.setup, io.cwd);
  const found = index.product(code);
  if (!found) throw new CliError(`${options.setup} has no product ${JSON.stringify(code)}.`, EXIT.BAD_INPUT);
  const { carrier, product, pointer } = found;
  if (options.json) {
    line(
      io.stdout,
      JSON.stringify({ carrier: { code: carrier.code, name: carrier.name }, setupPointer: pointer, product }),
    );
    return EXIT.OK;
  }
  const paint = painter(io.stdout, io.env);
  const list = (names: string[]) => names.join(', ') || '-';
  line(io.stdout, `${paint('bold', product.name)} (${product.code}), ${carrier.name} (${carrier.code}), at ${pointer}`);
  line(io.stdout, `Service point product: ${product.service_point_product ? 'yes' : 'no'}`);
  // How a list of field names spells a field is not specified: the names are shown as written.
  line(io.stdout, 'Field names as the file writes them (how one names a field of the shipment body is not specified)');
  for (const c of product.country_combinations) {
    line(io.stdout);
    line(io.stdout, paint('bold', `${c.sender_country_code} → ${c.receiver_country_code}`));
    line(io.stdout, `  Agreements: ${agreements(c)}; customer numbers: ${list(c.available_customer_numbers)}`);
    line(io.stdout, `  Customs declaration required: ${c.customs_declaration_required ? 'yes' : 'no'}`);
    line(io.stdout, `  Required fields: ${list(c.required_fields)}; optional: ${list(c.optional_fields)}`);
    line(
      io.stdout,
      `  Required parcel fields: ${list(c.required_parcel_fields)}; optional: ${list(c.optional_parcel_fields)}`,
    );
    for (const [kind, services] of [
      ['Required service', c.required_services],
      ['Available service', c.available_services],
    ] as const) {
      for (const s of services) {
        const extras = [
          s.own_agreement_required && 'own agreement only',
          s.required_fields.length > 0 && `needs ${s.required_fields.join(', ')}`,
        ].filter(Boolean);
        line(io.stdout, `  ${kind}: ${s.code} (${s.name})${extras.length ? `, ${extras.join('; ')}` : ''}`);
      }
    }
  }
  return EXIT.OK;
}
