// `setup routes [--from <country>] [--to <country>]`: the products, by carrier, of one route, or of
// every route of the file (those from or to one country when only one flag is given).
import type { CarrierSetupIndex, RouteCarrier } from 'shipping-api-v3-client';
import { readSetupIndex } from '../files.ts';
import { CliError, EXIT, type Io, line } from '../io.ts';
import { agreements, codes } from '../setup-text.ts';
import type { SetupRoutesOptions } from './setup-routes.command.ts';
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

interface Route {
  from: string;
  to: string;
  carriers: RouteCarrier[];
}

/** A country code given with `flag`, in capitals; anything but two letters is bad input. */
function countryCode(flag: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const code = value.toUpperCase();
  if (!/^[A-Z]{2}$/.test(code)) {
    throw new CliError(`${flag} must be a country code of two letters, not ${JSON.stringify(code)}.`, EXIT.BAD_INPUT, {
      option: flag,
    });
  }
  return code;
}

/** The routes of the file that match the flags given, in the order of their sender, then receiver. */
function matchingRoutes(index: CarrierSetupIndex, from: string | undefined, to: string | undefined): Route[] {
  if (from && to) return [{ from, to, carriers: index.routes({ from, to }) }];
  const pairs = [...index.routeKeys()].map((key) => key.split('|') as [string, string]);
  return pairs
    .filter(([f, t]) => (from === undefined || f === from) && (to === undefined || t === to))
    .sort(([f1, t1], [f2, t2]) => f1.localeCompare(f2) || t1.localeCompare(t2))
    .map(([f, t]) => ({ from: f, to: t, carriers: index.routes({ from: f, to: t }) }));
}

function routeAsJson({ from, to, carriers }: Route) {
  return {
    from,
    to,
    carriers: carriers.map((r) => ({
      carrier: r.carrier.code,
      name: r.carrier.name,
      products: r.products.map((p) => ({
        code: p.product.code,
        name: p.product.name,
        setupPointer: p.combinationPointer,
      })),
    })),
  };
}

function routeRows(carriers: RouteCarrier[]): string[][] {
  return carriers.flatMap((r) =>
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

function printRoute({ from, to, carriers }: Route, io: Io): void {
  const rows = routeRows(carriers);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  line(io.stdout, `${from} → ${to}: ${plural(rows.length, 'product')} of ${plural(carriers.length, 'carrier')}`);
  line(io.stdout);
  line(io.stdout, table(COLUMNS, rows));
}

export async function setupRoutes(options: SetupRoutesOptions, io: Io): Promise<number> {
  const from = countryCode('--from', options.from);
  const to = countryCode('--to', options.to);
  const routes = matchingRoutes(await readSetupIndex(options.setup, io.cwd), from, to);
  const one = from !== undefined && to !== undefined;
  if (options.json) {
    line(io.stdout, JSON.stringify(one ? routeAsJson(routes[0]!) : { routes: routes.map(routeAsJson) }));
    return EXIT.OK;
  }
  const found = routes.filter((route) => route.carriers.length > 0);
  if (found.length === 0) {
    const which = [from && `from ${from}`, to && `to ${to}`].filter(Boolean).join(' ') || 'at all';
    line(io.stdout, `No product of ${options.setup} goes ${which}.`);
    return EXIT.OK;
  }
  found.forEach((route, i) => {
    if (i > 0) line(io.stdout);
    printRoute(route, io);
  });
  return EXIT.OK;
}
