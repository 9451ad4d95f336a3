// `check <shipment.json> --setup <setup.json>`: the pre-flight check of a shipment body.
import { checkShipment } from '../../preflight/check.ts';
import { readJson, readSetupIndex } from '../files.ts';
import { EXIT, type Io, line, painter } from '../io.ts';

export async function check(
  file: string,
  options: { setup: string; json?: boolean; strict?: boolean },
  io: Io,
): Promise<number> {
  const index = await readSetupIndex(options.setup, io.cwd);
  const shipment = await readJson(file, io.cwd, 'shipment');
  const result = checkShipment(index, shipment);
  const failed = !result.ok || (options.strict === true && result.unchecked.length > 0);
  if (options.json) {
    line(io.stdout, JSON.stringify(result, null, 2));
    return failed ? EXIT.CHECK_FAILED : EXIT.OK;
  }
  const paint = painter(io.stdout, io.env);
  for (const p of result.problems) {
    line(io.stdout, `${paint('red', '✖')} ${p.pointer || '(the whole body)'}  ${paint('red', p.code)}  ${p.message}`);
  }
  for (const u of result.unchecked) {
    line(
      io.stdout,
      `${paint('yellow', '?')} ${u.pointer ?? '-'}  ${paint('yellow', u.code)}  not checked: ${u.what}; ${u.reason}.${u.setupPointer ? ` (${u.setupPointer})` : ''}`,
    );
  }
  const counted = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const against = result.combination ? ` (country combination ${result.combination})` : '';
  if (result.ok) {
    const rest = result.unchecked.length
      ? `; ${counted(result.unchecked.length, 'point')} not checked${options.strict ? ', which --strict counts as failing' : ''}`
      : '';
    line(
      io.stdout,
      `${failed ? paint('red', '✖') : paint('green', '✔')} ${file} passes the check against ${options.setup}${against}${rest}.`,
    );
  } else {
    line(
      io.stdout,
      `${paint('red', '✖')} ${file} fails the check against ${options.setup}${against}: ${counted(result.problems.length, 'problem')}.`,
    );
  }
  return failed ? EXIT.CHECK_FAILED : EXIT.OK;
}
