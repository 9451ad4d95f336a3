// The lint runs, listed once: `npm run lint` prints each one's report, and the tests read each
// one's machine-readable report and require no problem of any severity.
import { formatFinding } from '../build/pipeline/findings.ts';
import { LINTED, lintAllFiles } from '../build/pipeline/lint.ts';
import { installedToolchain } from '../toolchains.ts';
import { type RunOptions, runBin } from '../tools.ts';

export interface LintRun {
  name: string;
  /** Runs the tool with its own report on the terminal; returns the exit status. */
  print: () => number | null | Promise<number>;
  /** Runs the tool and returns every problem it reports, one line each. */
  problems: () => string[] | Promise<string[]>;
}

async function contractProblems(): Promise<string[]> {
  return (await lintAllFiles()).map((finding) => `${formatFinding(finding)} (${finding.severity})`);
}

/**
 * The contract's lint, in this process (dev/build/pipeline/lint.ts, what `npm run dev` runs on each
 * save too): Redocly and Spectral over the source, the bundles and the workflows. A finding of any
 * severity fails it.
 */
const contractRun: LintRun = {
  name: `redocly and spectral: ${[...new Set([...LINTED.redocly, ...LINTED.spectral])].join(', ')}`,
  print: async () => {
    const problems = await contractProblems();
    for (const problem of problems) console.log(problem);
    console.log(
      problems.length === 0 ? 'No findings.' : `${problems.length} finding${problems.length === 1 ? '' : 's'}.`,
    );
    return problems.length === 0 ? 0 : 1;
  },
  problems: contractProblems,
};

/**
 * Biome, the linter and formatter of the code (biome.jsonc): `biome ci` changes nothing and fails on
 * any problem. Its command line is toolchains/lint's, as Knip's is (below); it runs in the checkout
 * (or `cwd`), reading the biome.jsonc there.
 */
export const biome = (args: string[], options?: RunOptions) =>
  runBin('@biomejs/biome', 'biome', args, { ...options, from: installedToolchain('lint') });

/** The problems `biome ci` reports for the folder `cwd` (the repository by default), one line each. */
export function biomeProblems(cwd?: string): string[] {
  const result = biome(['ci', '--colors=off', '--reporter=json', '--max-diagnostics=200', '.'], cwd ? { cwd } : {});
  let report: {
    diagnostics?: {
      category: string;
      severity: string;
      location?: { path?: string };
      description?: string;
      message?: string;
    }[];
  };
  try {
    report = JSON.parse(result.stdout);
  } catch {
    return [`biome ci exited with ${result.status}: ${result.stdout}${result.stderr}`];
  }
  const problems = (report.diagnostics ?? [])
    .filter((d) => d.severity === 'error' || d.severity === 'warning')
    .map((d) => `${d.category}: ${d.description ?? d.message ?? ''} at ${d.location?.path ?? '?'}`);
  return problems.length === 0 && result.status !== 0
    ? [`biome ci exited with ${result.status}: ${result.stderr}`]
    : problems;
}

/**
 * Knip (knip.jsonc), the boundaries between the packages: each run of KNIP_MODES reads the
 * contract's copy of the generated validators too (--no-gitignore) and fails on a configuration
 * hint (a stale entry or ignore) as on a finding. Its command line is toolchains/lint's, out of the
 * root install, installed at the first run (one line says so); it runs in the checkout (or `cwd`),
 * reading the knip.jsonc and the workspaces there.
 */
export const knip = (args: string[], options?: RunOptions) =>
  runBin('knip', 'knip', ['--no-gitignore', '--treat-config-hints-as-errors', '--no-progress', ...args], {
    ...options,
    from: installedToolchain('lint'),
  });

/** The two runs of Knip: the whole repository, then the packages alone as published. */
export const KNIP_MODES: { name: string; args: string[] }[] = [
  { name: 'knip (the workspaces: dependencies, files, exports)', args: [] },
  {
    name: 'knip --production --strict (the packages as published: only their own dependencies, no export only tests use)',
    args: ['--production', '--strict'],
  },
];

/** The findings of one run of Knip for the folder `cwd` (the repository by default), one line each. */
function knipRunProblems(args: string[], cwd?: string): string[] {
  const result = knip([...args, '--reporter', 'json'], cwd ? { cwd } : {});
  let report: { issues: ({ file: string } & Record<string, { name: string; line?: number }[]>)[] };
  try {
    report = JSON.parse(result.stdout);
  } catch {
    return [`knip ${args.join(' ')} exited with ${result.status}: ${result.stdout}${result.stderr}`];
  }
  const problems = report.issues.flatMap(({ file, ...types }) =>
    Object.entries(types).flatMap(([type, found]) =>
      Array.isArray(found)
        ? found.map((issue) => `${type}: ${issue.name} at ${file}${issue.line ? `:${issue.line}` : ''}`)
        : [],
    ),
  );
  return problems.length === 0 && result.status !== 0
    ? [`knip ${args.join(' ')} exited with ${result.status}: ${result.stdout}${result.stderr}`]
    : problems;
}

/** The findings of both runs of Knip for the folder `cwd` (the repository by default), one line each. */
export const knipProblems = (cwd?: string): string[] => KNIP_MODES.flatMap(({ args }) => knipRunProblems(args, cwd));

export const LINT_RUNS: LintRun[] = [
  {
    name: 'biome ci (the code: lint, import boundaries, format)',
    // Biome colours a pipe too (npm run check keeps each part's output in a file): plain text there.
    print: () => biome(['ci', ...(process.stdout.isTTY ? [] : ['--colors=off']), '.'], { inherit: true }).status,
    problems: () => biomeProblems(),
  },
  ...KNIP_MODES.map(
    ({ name, args }): LintRun => ({
      name,
      print: () => {
        const { status } = knip(args, { inherit: true });
        if (status === 0) console.log('Knip found no problems.');
        return status;
      },
      problems: () => knipRunProblems(args),
    }),
  ),
  contractRun,
];

/** `npm run lint`: every run of LINT_RUNS, printed; returns the exit code. */
export async function lintAll(): Promise<number> {
  let failed = 0;
  for (const lintRun of LINT_RUNS) {
    console.log(`\n# ${lintRun.name}`);
    if ((await lintRun.print()) !== 0) failed += 1;
  }
  console.log(failed === 0 ? '\nLint passed.' : `\nLint failed in ${failed} of ${LINT_RUNS.length} runs.`);
  return failed === 0 ? 0 : 1;
}
