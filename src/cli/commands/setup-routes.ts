// `setup routes --from <country> --to <country>`: the products, by carrier, of one route.
import type { RouteCarrier } from '../../preflight/setup-index.ts';
import { readSetupIndex } from '../files.ts';
import { CliError, EXIT, type Io, line } from '../io.ts';
import { agreements, codes, type SetupOptions } from '../setup-text.ts';
import { table } from '../table.ts';

const COLUMNS = [
  'Carrier',
  'Product',
  'Name',
  'Service point',
  'Agreements',
  'Customs',
  'Required services',
  'Available services',
];

/** A country code given with `flag`, in capitals; anything but two letters is bad input. */
function countryCode(flag: string, value: string): string {
  const code = value.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) {
    throw new CliError(`${flag} must be a country code of two letters, not ${JSON.stringify(code)}.`, EXIT.BAD_INPUT);
  }
  return code;
}

function routesAsJson(from: string, to: string, routes: RouteCarrier[]): string {
  return JSON.stringify({
    from,
    to,
    carriers: routes.map((r) => ({
      carrier: r.carrier.code,
      name: r.carrier.name,
      products: r.products.map((p) => ({
        code: p.product.code,
        name: p.product.name,
        setupPointer: p.combinationPointer,
      })),
    })),
  });
}

function routeRows(routes: RouteCarrier[]): string[][] {
  return routes.flatMap((r) =>
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
}

export async function setupRoutes(options: SetupOptions & { from: string; to: string }, io: Io): Promise<number> {
  const from = countryCode('--from', options.from);
  const to = countryCode('--to', options.to);
  const routes = (await readSetupIndex(options.setup, io.cwd)).routes({ from, to });
  if (options.json) {
    line(io.stdout, routesAsJson(from, to, routes));
    return EXIT.OK;
  }
  if (routes.length === 0) {
    line(io.stdout, `No product of ${options.setup} goes from ${from} to ${to}.`);
    return EXIT.OK;
  }
  const rows = routeRows(routes);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  line(io.stdout, `${from} → ${to}: ${plural(rows.length, 'product')} of ${plural(routes.length, 'carrier')}`);
  line(io.stdout);
  line(io.stdout, table(COLUMNS, rows));
  return EXIT.OK;
}
