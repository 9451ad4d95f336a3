// The files `coverage` reads, each checked for its shape: a HAR file (its entries, as the contract
// reads traffic), the JSON of `shipping-api conform --json` (its verdicts), and an exclusions file
// (documented responses not exercised on purpose, each with its reason). A file that is none of
// these is bad input, named with the JSON pointer of the first value at fault.
import type { Judge } from 'shipping-api-v3-contract/judge';
import { type HarEntry, HarError, harEntries } from 'shipping-api-v3-contract/traffic';
import { readJson } from '../files.ts';
import { CliError, EXIT } from '../io.ts';
import { type ConformVerdicts, type Exclusion, unknownExclusions } from './count.ts';

const isObject = (value: unknown): value is Record<string, any> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const bad = (file: string, option: string, text: string, pointer?: string) =>
  new CliError(`${file}: ${text}.`, EXIT.BAD_INPUT, { option, ...(pointer === undefined ? {} : { pointer }) });

/** The entries of a HAR file. */
export async function readHar(file: string, cwd: string): Promise<HarEntry[]> {
  const document = await readJson(file, cwd, 'HAR file');
  try {
    return harEntries(document);
  } catch (error) {
    if (error instanceof HarError) throw bad(file, '--har', error.message, error.pointer);
    throw error;
  }
}

const VERDICTS = new Set(['pass', 'fail', 'observed', 'skipped']);

/** The verdicts of a file that `shipping-api conform --json` printed. */
export async function readConform(file: string, cwd: string): Promise<ConformVerdicts> {
  const document = await readJson(file, cwd, 'conform JSON');
  const notIt = 'not the JSON of shipping-api conform --json';
  if (!isObject(document) || !Array.isArray(document.verdicts))
    throw bad(file, '--conform', `${notIt}: /verdicts is missing`, '/verdicts');
  for (const [index, verdict] of document.verdicts.entries()) {
    if (!isObject(verdict) || typeof verdict.id !== 'string')
      throw bad(file, '--conform', `${notIt}: /verdicts/${index}/id is not a string`, `/verdicts/${index}/id`);
    if (!VERDICTS.has(verdict.verdict))
      throw bad(
        file,
        '--conform',
        `${notIt}: /verdicts/${index}/verdict is not pass, fail, observed or skipped`,
        `/verdicts/${index}/verdict`,
      );
  }
  return document.verdicts as ConformVerdicts;
}

/** An exclusions file: `{ "exclusions": [{ operationId, status, reason }] }`, each naming a documented response. */
export async function readExclusions(file: string, cwd: string, judge: Judge): Promise<Exclusion[]> {
  const document = await readJson(file, cwd, 'exclusions file');
  if (!isObject(document) || !Array.isArray(document.exclusions))
    throw bad(file, '--exclusions', 'not an exclusions file: /exclusions is missing', '/exclusions');
  for (const [index, exclusion] of document.exclusions.entries())
    for (const field of ['operationId', 'status', 'reason'])
      if (!isObject(exclusion) || typeof exclusion[field] !== 'string' || exclusion[field].trim() === '')
        throw bad(
          file,
          '--exclusions',
          `not an exclusions file: /exclusions/${index}/${field} is not a non-empty string`,
          `/exclusions/${index}/${field}`,
        );
  const exclusions = document.exclusions as Exclusion[];
  const unknown = unknownExclusions(judge, exclusions);
  if (unknown.length > 0) throw bad(file, '--exclusions', unknown[0]!, unknown[0]!.split(':')[0]);
  return exclusions;
}
