// `setup validate <file>`: a carrier setup file checked against the contract, offline.
import { carrierSetupIndex } from 'shipping-api-v3-client';
import { readSetupFile } from '../files.ts';
import { CliError, EXIT, type Io, line, painter } from '../io.ts';
import type { SetupValidateOptions } from './setup-validate.command.ts';

export async function setupValidate(file: string, options: SetupValidateOptions, io: Io): Promise<number> {
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
    const counts = `${setup.length} carriers, ${products} products, ${combinations} country combinations, ${routes} routes`;
    line(io.stdout, `${paint('green', '✔')} ${file} keeps to the contract: ${counts}.`);
  }
  return EXIT.OK;
}
