// The file a command's --junit names, checked before the command runs: its folder must exist.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CliError, EXIT } from './io.ts';

/** The file --junit names: its folder must exist. */
export async function junitTarget(file: string | undefined, cwd: string): Promise<string | undefined> {
  if (file === undefined) return undefined;
  const target = path.resolve(cwd, file);
  const folder = await stat(path.dirname(target)).catch(() => undefined);
  if (!folder?.isDirectory())
    throw new CliError(`--junit ${file}: the folder ${path.dirname(target)} does not exist.`, EXIT.BAD_INPUT, {
      option: '--junit',
    });
  return target;
}
