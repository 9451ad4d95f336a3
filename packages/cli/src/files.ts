// Reading the files a command is given: JSON, and the carrier setup file checked against the
// contract. Every failure names the file and, for a contract break, the JSON pointer.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ShippingApiError } from 'shipping-api-v3-client';
import { type CarrierSetupIndex, carrierSetupIndex } from 'shipping-api-v3-client';
import { type CarrierSetupFile, validateCarrierSetupFile } from 'shipping-api-v3-client';
import { CliError, EXIT } from './io.ts';

export async function readJson(file: string, cwd: string, what: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new CliError(`${file}: cannot read the ${what} (${reason}).`, EXIT.BAD_INPUT);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file}: the ${what} is not JSON (${(error as Error).message}).`, EXIT.BAD_INPUT);
  }
}

/** The setup file, validated; a contract break ends with `exitCode` (bad input unless told). */
export async function readSetupFile(
  file: string,
  cwd: string,
  exitCode: number = EXIT.BAD_INPUT,
): Promise<CarrierSetupFile> {
  const data = await readJson(file, cwd, 'carrier setup file');
  try {
    return validateCarrierSetupFile(data);
  } catch (error) {
    if (error instanceof ShippingApiError) throw CliError.from(error, exitCode, `${file}: ${error.message}`);
    throw error;
  }
}

export async function readSetupIndex(file: string, cwd: string): Promise<CarrierSetupIndex> {
  return carrierSetupIndex(await readSetupFile(file, cwd), { validated: true });
}
