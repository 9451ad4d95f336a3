// `setup validate`, `setup routes` and `setup show`: what a carrier setup file holds, read offline.
import type { IndexedCombination } from '../preflight/setup-index.ts';
import { carrierSetupIndex } from '../preflight/setup-index.ts';
import { readSetupFile, readSetupIndex } from './files.ts';
import { CliError, EXIT, type Io, line, painter } from './io.ts';
import { table } from './table.ts';

export interface SetupOptions {
  setup: string;
  json?: boolean;
}

export async function setupValidate(file: string, options: { json?: boolean }, io: Io): Promise<number> {
  const setup = await readSetupFile(file, io.cwd, EXIT.CHECK_FAILED).catch((error: unknown) => {
    if (error instanceof CliError && error.exitCode === EXIT.CHECK_FAILED && options.json) {
      line(io.stdout, JSON.stringify({ valid: false, message: error.message }));
    }
    throw error;
  });
  const index = carrierSetupIndex(setup, { validated: true });
  const products = setup.reduce((n, c) => n + c.products.length, 0);
  const combinations = setup.reduce((n, c) => n + c.products.reduce((m, p) => m + p.country_combinations.length, 0), 0);
  const routes = [...index.routeKeys()].length;
  if (options.json) {
    line(io.stdout, JSON.stringify({ valid: true, carriers: setup.length, products, combinations, routes }));
  } else {
    const paint = painter(io.stdout, io.env);
    line(io.stdout, `${paint('green', '✔')} ${file} keeps to the contract: ${setup.length} carriers, ${products} products, ${combinations} country combinations, ${routes} routes.`);
  }
  return EXIT.OK;
}

const agreements = (c: IndexedCombination['combination']) =>
  [c.platform_agreement_available && 'operator', c.own_agreement_available && 'own'].filter(Boolean).join(', ') || 'none';
const codes = (services: { code: string }[]) => services.map((s) => s.code).join(', ') || '-';

export async function setupRoutes(options: SetupOptions & { from: string; to: string }, io: Io): Promise<number> {
  const from = options.from.toUpperCase();
  const to = options.to.toUpperCase();
  for (const [flag, value] of [['--from', from], ['--to', to]] as const) {
    if (!/^[A-Z]{2}$/.test(value)) throw new CliError(`${flag} must be a country code of two letters, not ${JSON.stringify(value)}.`, EXIT.BAD_INPUT);
  }
  const index = await readSetupIndex(options.setup, io.cwd);
  const routes = index.routes({ from, to });
  if (options.json) {
    line(
      io.stdout,
      JSON.stringify({
        from,
        to,
        carriers: routes.map((r) => ({
          carrier: r.carrier.code,
          name: r.carrier.name,
          products: r.products.map((p) => ({ code: p.product.code, name: p.product.name, setupPointer: p.combinationPointer })),
        })),
      }),
    );
    return EXIT.OK;
  }
  if (routes.length === 0) {
    line(io.stdout, `No product of ${options.setup} goes from ${from} to ${to}.`);
    return EXIT.OK;
  }
  const rows = routes.flatMap((r) =>
    r.products.map(({ product, combination }) => [
      r.carrier.name,
      product.code,
      product.name,
      product.service_point_product ? 'yes' : 'no',
      agreements(combination),
      combination.customs_declaration_required ? 'yes' : 'no',
      codes(combination.required_services),
      codes(combination.available_services),
    ]),
  );
  line(io.stdout, `${from} → ${to}: ${rows.length} product${rows.length === 1 ? '' : 's'} of ${routes.length} carrier${routes.length === 1 ? '' : 's'}`);
  line(io.stdout);
  line(io.stdout, table(['Carrier', 'Product', 'Name', 'Service point', 'Agreements', 'Customs', 'Required services', 'Available services'], rows));
  return EXIT.OK;
}

export async function setupShow(code: string, options: SetupOptions, io: Io): Promise<number> {
  const index = await readSetupIndex(options.setup, io.cwd);
  const found = index.product(code);
  if (!found) throw new CliError(`${options.setup} has no product ${JSON.stringify(code)}.`, EXIT.BAD_INPUT);
  const { carrier, product, pointer } = found;
  if (options.json) {
    line(io.stdout, JSON.stringify({ carrier: { code: carrier.code, name: carrier.name }, setupPointer: pointer, product }));
    return EXIT.OK;
  }
  const paint = painter(io.stdout, io.env);
  const list = (names: string[]) => names.join(', ') || '-';
  line(io.stdout, `${paint('bold', product.name)} (${product.code}), ${carrier.name} (${carrier.code}), at ${pointer}`);
  line(io.stdout, `Service point product: ${product.service_point_product ? 'yes' : 'no'}`);
  for (const c of product.country_combinations) {
    line(io.stdout);
    line(io.stdout, paint('bold', `${c.sender_country_code} → ${c.receiver_country_code}`));
    line(io.stdout, `  Agreements: ${agreements(c)}; customer numbers: ${list(c.available_customer_numbers)}`);
    line(io.stdout, `  Customs declaration required: ${c.customs_declaration_required ? 'yes' : 'no'}`);
    line(io.stdout, `  Required fields: ${list(c.required_fields)}; optional: ${list(c.optional_fields)}`);
    line(io.stdout, `  Required parcel fields: ${list(c.required_parcel_fields)}; optional: ${list(c.optional_parcel_fields)}`);
    for (const [kind, services] of [['Required service', c.required_services], ['Available service', c.available_services]] as const) {
      for (const s of services) {
        const extras = [s.own_agreement_required && 'own agreement only', s.required_fields.length > 0 && `needs ${s.required_fields.join(', ')}`].filter(Boolean);
        line(io.stdout, `  ${kind}: ${s.code} (${s.name})${extras.length ? `, ${extras.join('; ')}` : ''}`);
      }
    }
  }
  return EXIT.OK;
}
