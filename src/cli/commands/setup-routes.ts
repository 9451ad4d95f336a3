// `setup routes --from <country> --to <country>`: the products, by carrier, of one route.
import { readSetupIndex } from '../files.ts';
import { CliError, EXIT, type Io, line } from '../io.ts';
import { agreements, codes, type SetupOptions } from '../setup-text.ts';
import { table } from '../table.ts';

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
