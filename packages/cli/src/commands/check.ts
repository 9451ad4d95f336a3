// `check <shipment.json> --setup <setup.json>`: the pre-flight check of a shipment body. The verdict
// is honest: a shipment that could not be checked against the file (no product, no route) is not
// passed; the default output keeps to one short line each, the reasons under --verbose and --json.
import { stripVTControlCharacters } from 'node:util';
import { checkShipment, type ShipmentCheck } from 'shipping-api-v3-client';
import { readJson, readSetupIndex } from '../files.ts';
import { EXIT, type Io, line, painter } from '../io.ts';
import { width } from '../table.ts';
import type { CheckOptions } from './check.command.ts';

/** The widest line of the default output. */
export const WIDTH = 120;

/** The length of text as a terminal shows it: colour escapes take no room. */
const shown = (text: string) => width(stripVTControlCharacters(text));

/** Text cut to `width` visible characters, ending in … when cut (cut lines carry no colour). */
const cut = (text: string, width = WIDTH) =>
  shown(text) <= width ? text : `${stripVTControlCharacters(text).slice(0, width - 1)}…`;

/** Text folded at spaces into lines of at most `width` visible characters, the lines after the first indented. */
function fold(text: string, width = WIDTH, indent = '    '): string {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const next = current ? `${current} ${word}` : word;
    if (shown(next) > width && current) {
      lines.push(current);
      current = `${indent}${word}`;
    } else current = next;
  }
  lines.push(current);
  return lines.map((l) => cut(l, width)).join('\n');
}

/** Why a shipment could not be checked against the file at all: no product, no country, no one product. */
function notJudged(result: ShipmentCheck): string[] {
  if (result.combination !== undefined || !result.ok) return [];
  const blocking = ['NO_PRODUCT_CODE', 'NO_COUNTRY', 'AMBIGUOUS_PRODUCT'];
  const reasons = result.unchecked.filter((u) => blocking.includes(u.code)).map((u) => u.reason);
  return reasons.length > 0 ? reasons : ['no country combination of the file was found to check it against'];
}

function verdict(file: string, options: CheckOptions, result: ShipmentCheck): { text: string; failed: boolean } {
  const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const against = `against ${options.setup}${result.combination ? ` (country combination ${result.combination})` : ''}`;
  const unjudged = notJudged(result);
  if (unjudged.length > 0)
    return { text: `${file} could not be checked against ${options.setup}: ${unjudged.join('; ')}.`, failed: true };
  if (!result.ok)
    return { text: `${file} fails the check ${against}: ${counted(result.problems.length, 'problem')}.`, failed: true };
  const open = result.unchecked.length;
  if (open > 0 && options.strict) {
    return {
      text: `${file} fails under --strict: ${counted(open, 'point')} could not be checked ${against}.`,
      failed: true,
    };
  }
  const rest =
    open > 0 ? `; ${counted(open, 'point')} not checked${options.verbose ? '' : ' (--verbose says why)'}` : '';
  return { text: `${file} passes the check ${against}${rest}.`, failed: false };
}

export async function check(file: string, options: CheckOptions, io: Io): Promise<number> {
  const index = await readSetupIndex(options.setup, io.cwd);
  const shipment = await readJson(file, io.cwd, 'shipment');
  const result = checkShipment(index, shipment, { exactNames: options.exactNames === true });
  const { text, failed } = verdict(file, options, result);
  if (options.json) {
    line(io.stdout, JSON.stringify({ ...result, checked: notJudged(result).length === 0 }, null, 2));
    return failed ? EXIT.CHECK_FAILED : EXIT.OK;
  }
  const paint = painter(io.stdout, io.env);
  for (const p of result.problems) {
    line(
      io.stdout,
      fold(`${paint('red', '✖')} ${p.pointer || '(the whole body)'}  ${paint('red', p.code)}  ${p.message}`),
    );
  }
  for (const r of result.readings ?? []) {
    line(
      io.stdout,
      cut(`${paint('dim', '·')} ${r.name} read ${r.how} as ${r.path} (--exact-names reads names as written only)`),
    );
  }
  for (const u of result.unchecked) {
    const head = `${paint('yellow', '?')} ${u.pointer ?? '-'}  ${paint('yellow', u.code)}  not checked: ${u.what}`;
    line(
      io.stdout,
      options.verbose ? fold(`${head}; ${u.reason}.${u.setupPointer ? ` (${u.setupPointer})` : ''}`) : cut(head),
    );
  }
  line(io.stdout, fold(`${failed ? paint('red', '✖') : paint('green', '✔')} ${text}`));
  return failed ? EXIT.CHECK_FAILED : EXIT.OK;
}
