// Reading the files a command is given: JSON, and the carrier setup file checked against the
// contract. Every failure names the file and, for a contract break, the JSON pointer.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  ShippingApiError,
  type CarrierSetupIndex,
  carrierSetupIndex,
  type CarrierSetupFile,
  validateCarrierSetupFile,
} from 'shipping-api-v3-client';
import { CliError, EXIT, type Input } from './io.ts';

/** `-` read from standard input, where a command takes it so (`stdin` given): named so in messages. */
const STDIN = '-';
const nameOf = (file: string, stdin: Input | undefined) => (file === STDIN && stdin ? 'standard input' : file);

async function readStdin(stdin: Input): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

/** A JSON file; `-` is standard input when `stdin` is given. */
export async function readJson(file: string, cwd: string, what: string, stdin?: Input): Promise<unknown> {
  const name = nameOf(file, stdin);
  let text: string;
  try {
    text = file === STDIN && stdin ? await readStdin(stdin) : await readFile(path.resolve(cwd, file), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new CliError(`${name}: cannot read the ${what} (${reason}).`, EXIT.BAD_INPUT);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${name}: the ${what} is not JSON (${(error as Error).message}).`, EXIT.BAD_INPUT);
  }
}

/**
 * The setup file, validated; a contract break ends with `exitCode` (bad input unless told). `-` is
 * standard input when `stdin` is given.
 */
export async function readSetupFile(
  file: string,
  cwd: string,
  exitCode: number = EXIT.BAD_INPUT,
  stdin?: Input,
): Promise<CarrierSetupFile> {
  const data = await readJson(file, cwd, 'carrier setup file', stdin);
  try {
    return validateCarrierSetupFile(data);
  } catch (error) {
    if (error instanceof ShippingApiError)
      throw CliError.from(error, exitCode, `${nameOf(file, stdin)}: ${error.message}`);
    throw error;
  }
}

export async function readSetupIndex(file: string, cwd: string): Promise<CarrierSetupIndex> {
  return carrierSetupIndex(await readSetupFile(file, cwd), { validated: true });
}
