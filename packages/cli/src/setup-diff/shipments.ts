// `setup diff --shipments <dir>`: each shipment body of the folder (its *.json files) checked with
// the pre-flight check against OLD and against NEW; those that pass against OLD and fail against NEW
// are what the change breaks. Passing is what `check` calls passing: no problem, and a country
// combination of the file found to check the body against.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import {
  type CarrierSetupFile,
  type CarrierSetupIndex,
  carrierSetupIndex,
  checkShipment,
  type ShipmentCheck,
  type ShipmentProblem,
} from 'shipping-api-v3-client';
import { readJson } from '../files.ts';
import { CliError, EXIT } from '../io.ts';

interface BrokenShipment {
  /** The file's name in the folder. */
  file: string;
  /** The problems the check finds against NEW. */
  problems: ShipmentProblem[];
}

export interface ShipmentsReport {
  /** The folder, as given. */
  folder: string;
  /** How many shipment bodies it holds. */
  checked: number;
  /** How many of them pass against OLD. */
  passing: number;
  /** Those that pass against OLD and fail against NEW, in file name order. */
  broken: BrokenShipment[];
}

const passes = (result: ShipmentCheck) => result.ok && result.combination !== undefined;

/** The *.json files of the folder, by name; a folder that cannot be read is bad input of --shipments. */
async function shipmentFiles(folder: string, cwd: string): Promise<string[]> {
  try {
    const entries = await readdir(path.resolve(cwd, folder), { withFileTypes: true });
    return entries
      .filter((e) => e.isFile() && e.name.endsWith('.json'))
      .map((e) => e.name)
      .sort();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason =
      code === 'ENOENT' ? 'no such folder' : code === 'ENOTDIR' ? 'not a folder' : (error as Error).message;
    throw new CliError(`--shipments ${folder}: cannot read the folder (${reason}).`, EXIT.BAD_INPUT, {
      option: '--shipments',
    });
  }
}

/**
 * Checks every shipment body of `folder` against both files, one body at a time. A body that is not
 * JSON is bad input, named by its path; nothing is reported then.
 */
export async function checkShipments(
  folder: string,
  cwd: string,
  files: { old: CarrierSetupFile; new: CarrierSetupFile },
): Promise<ShipmentsReport> {
  const names = await shipmentFiles(folder, cwd);
  let old: CarrierSetupIndex | undefined;
  let next: CarrierSetupIndex | undefined;
  const report: ShipmentsReport = { folder, checked: names.length, passing: 0, broken: [] };
  for (const name of names) {
    const body = await readJson(path.join(folder, name), cwd, 'shipment');
    old ??= carrierSetupIndex(files.old, { validated: true });
    if (!passes(checkShipment(old, body))) continue;
    report.passing += 1;
    next ??= carrierSetupIndex(files.new, { validated: true });
    const result = checkShipment(next, body);
    if (!passes(result)) report.broken.push({ file: name, problems: result.problems });
  }
  return report;
}
