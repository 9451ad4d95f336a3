// A script of scripts/ run as npm runs it, in a process of its own, waited for: what it exits with and
// prints. For the tests of the scripts' flags, variables and messages.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root as repositoryRoot } from '../../../dev/paths.ts';

export interface ScriptRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** stdout, then stderr. */
  output: string;
}

/**
 * Runs `scripts/<script>` with Node from `root` (this repository, or a copy of it), with the
 * environment of this process and `env` over it (a variable set to undefined is left out).
 */
export function runScript(
  script: string,
  args: string[] = [],
  { env = {}, root = repositoryRoot }: { env?: Record<string, string | undefined>; root?: string } = {},
): ScriptRun {
  const environment: Record<string, string | undefined> = { ...process.env, ...env };
  for (const [name, value] of Object.entries(environment)) if (value === undefined) delete environment[name];
  const result = spawnSync(process.execPath, [path.join(root, 'scripts', script), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: environment,
    timeout: 120_000,
  });
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    output: `${result.stdout}${result.stderr}`,
  };
}
