// `contract <file.har>...`: recorded traffic checked against the contract, with the repository's
// contract check (scripts/contract.ts, which runs `redocly drift`). It needs a clone of the
// repository with its development dependencies; the published package does not carry it.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, EXIT, type Io, line } from './io.ts';

/** The one place that names the module of the contract check. */
const CONTRACT_MODULE = new URL('../../scripts/contract.ts', import.meta.url);

interface HarReport {
  file: string;
  findings: unknown[];
}
interface ContractModule {
  checkHar(file: string, options?: { server?: string }): HarReport;
  formatReport(report: HarReport): string;
}

export async function contract(files: string[], options: { server?: string; json?: boolean }, io: Io): Promise<number> {
  if (!existsSync(fileURLToPath(CONTRACT_MODULE))) {
    throw new CliError('The contract check runs from a clone of the repository (it needs scripts/contract.ts and Redocly CLI).', EXIT.BAD_INPUT);
  }
  const { checkHar, formatReport } = (await import(CONTRACT_MODULE.href)) as ContractModule;
  const reports: HarReport[] = [];
  for (const file of files) {
    try {
      reports.push(checkHar(path.resolve(io.cwd, file), options.server === undefined ? {} : { server: options.server }));
    } catch (error) {
      throw new CliError((error as Error).message, EXIT.BAD_INPUT);
    }
  }
  const findings = reports.reduce((n, r) => n + r.findings.length, 0);
  if (options.json) line(io.stdout, JSON.stringify(reports, null, 2));
  else {
    for (const report of reports) line(io.stdout, formatReport(report));
    line(io.stdout, findings === 0 ? '\nNo drift.' : `\nDrift: ${findings} finding${findings === 1 ? '' : 's'}.`);
  }
  return findings === 0 ? EXIT.OK : EXIT.CHECK_FAILED;
}
