// `setup diff <old> <new> [--shipments <dir>]`: what changed from one carrier setup file to the next,
// keyed by code, and which shipment bodies of a folder pass against the old file and fail against
// the new. Exit 0 with no change, 1 with changes, 2 on bad input: every input is read and checked
// before anything is written.
import type { CarrierSetupFile } from 'shipping-api-v3-client';
import { readSetupFile } from '../files.ts';
import { CliError, EXIT, type Io, line, type Output, painter } from '../io.ts';
import type { SetupChange } from '../setup-diff/changes.ts';
import { diffSetupFiles } from '../setup-diff/diff.ts';
import { duplicateKey } from '../setup-diff/duplicates.ts';
import { checkShipments, type ShipmentsReport } from '../setup-diff/shipments.ts';
import { COLUMNS, summaryLines, wrap } from '../setup-diff/summary.ts';
import type { SetupDiffOptions } from './setup-diff.command.ts';

const label = (file: string) => (file === '-' ? 'standard input' : file);

/** A setup file read, validated, and with each key once; `-` is standard input. */
async function readKeyed(file: string, io: Io): Promise<CarrierSetupFile> {
  const setup = await readSetupFile(file, io.cwd, EXIT.BAD_INPUT, io.stdin);
  const twice = duplicateKey(setup);
  if (twice) {
    const where = `${label(file)}: ${twice.pointer} repeats ${twice.what} (first at ${twice.first})`;
    throw new CliError(
      `${where}; a key written twice is a problem of the file, and setup diff does not guess which entry is meant.`,
      EXIT.BAD_INPUT,
      { pointer: twice.pointer },
    );
  }
  return setup;
}

/** The JSON output: one document, each change an object on a line of its own. */
function printJson(
  out: Output,
  labels: { old: string; new: string },
  changes: readonly SetupChange[],
  shipments: ShipmentsReport | undefined,
): void {
  const head = JSON.stringify({ old: labels.old, new: labels.new }).slice(0, -1);
  const tail = shipments ? `,"shipments":${JSON.stringify(shipments)}` : '';
  if (changes.length === 0) {
    line(out, `${head},"changes":[]${tail}}`);
    return;
  }
  out.write(`${head},"changes":[\n`);
  changes.forEach((change, i) => {
    out.write(`${JSON.stringify(change)}${i < changes.length - 1 ? ',' : ''}\n`);
  });
  line(out, `]${tail}}`);
}

function printShipments(io: Io, labels: { old: string; new: string }, report: ShipmentsReport): void {
  const paint = painter(io.stdout, io.env);
  const { folder, checked, passing, broken } = report;
  const counted = `${checked} checked, ${passing} pass against ${labels.old}`;
  const text =
    broken.length === 0
      ? `Shipments in ${folder}: ${counted}; none of them fails against ${labels.new}.`
      : `Shipments in ${folder}: ${counted}; ${broken.length} of them fail${broken.length === 1 ? 's' : ''} against ${labels.new}:`;
  line(io.stdout);
  for (const l of wrap(text, COLUMNS)) line(io.stdout, l);
  for (const { file, problems } of broken) {
    for (const l of wrap(file, COLUMNS - 2)) line(io.stdout, `  ${paint('bold', l)}`);
    const findings = problems.length > 0 ? problems : [{ pointer: '', code: '', message: 'could not be checked' }];
    for (const p of findings) {
      const lines = wrap(`${p.pointer || '(the whole body)'}  ${p.code}  ${p.message}`, COLUMNS - 6);
      line(io.stdout, `    ${paint('red', '✖')} ${lines[0]}`);
      for (const rest of lines.slice(1)) line(io.stdout, `      ${rest}`);
    }
  }
}

export async function setupDiff(oldFile: string, newFile: string, options: SetupDiffOptions, io: Io): Promise<number> {
  if (oldFile === '-' && newFile === '-')
    throw new CliError('Only one of the two setup files may be - (standard input).', EXIT.BAD_INPUT);
  const files = { old: await readKeyed(oldFile, io), new: await readKeyed(newFile, io) };
  const shipments =
    options.shipments === undefined ? undefined : await checkShipments(options.shipments, io.cwd, files);
  const changes = diffSetupFiles(files.old, files.new);
  const labels = { old: label(oldFile), new: label(newFile) };
  if (options.json) printJson(io.stdout, labels, changes, shipments);
  else {
    for (const l of summaryLines(labels, files, changes, painter(io.stdout, io.env))) line(io.stdout, l);
    if (shipments) printShipments(io, labels, shipments);
  }
  return changes.length > 0 ? EXIT.CHECK_FAILED : EXIT.OK;
}
