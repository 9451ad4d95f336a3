// The lint runs, listed once: `npm run lint` prints each tool's own report, and the tests read each
// one's machine-readable report and require no problem of any severity.
import { BUNDLE_FILES, SANDBOX_DOCUMENT, SOURCE } from '../paths.ts';
import { type RunOptions, redocly, runBin, spectral } from '../tools.ts';
import { WORKFLOW_FILES } from '../workflows.ts';

export interface LintRun {
  name: string;
  /** Runs the tool with its own report on the terminal; returns the exit status. */
  print: () => number | null;
  /** Runs the tool and returns every problem it reports, one line each. */
  problems: () => string[];
}

const BUNDLES = BUNDLE_FILES.map((file) => `generated/${file}`);

/**
 * One run of `redocly lint` over several files: Redocly starts and reads its configuration once, and
 * lints each file with the rules of the api whose root it is (redocly.yaml). With `--format json` it
 * writes one report per file, one after another; they are read as one list.
 */
const redoclyRun = (name: string, files: string[]): LintRun => ({
  name,
  print: () => redocly(['lint', ...files], { inherit: true }).status,
  problems: () => {
    const result = redocly(['lint', ...files, '--format', 'json']);
    let reports: { problems: any[] }[];
    try {
      reports = JSON.parse(`[${result.stdout.replace(/\}\s*\{(?=\s*"totals")/g, '},{')}]`);
    } catch {
      return [`redocly lint exited with ${result.status}: ${result.stdout}${result.stderr}`];
    }
    const problems = reports
      .flatMap((report) => report.problems)
      .map((p) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.source?.ref ?? '?'}${p.location?.[0]?.pointer}`);
    if (problems.length === 0 && result.status !== 0)
      return [`redocly lint exited with ${result.status}: ${result.stderr}`];
    return reports.length === files.length
      ? problems
      : [...problems, `redocly lint wrote ${reports.length} reports for ${files.length} files`];
  },
});

const spectralRun = (name: string, args: string[]): LintRun => ({
  name,
  print: () => spectral(['lint', '--fail-severity', 'hint', ...args], { inherit: true }).status,
  problems: () => {
    // --fail-severity hint: any finding exits 1, none 0; anything else is Spectral failing to lint.
    const result = spectral(['lint', '--format', 'json', '--quiet', '--fail-severity', 'hint', ...args]);
    let findings: any[];
    try {
      findings = JSON.parse(result.stdout || '[]');
    } catch {
      return [`spectral lint exited with ${result.status}: ${result.stdout}${result.stderr}`];
    }
    const problems = findings.map((f) => `${f.code}: ${f.message} at ${f.source}#${f.path.join('.')}`);
    return result.status === (problems.length === 0 ? 0 : 1)
      ? problems
      : [...problems, `spectral lint exited with ${result.status}: ${result.stderr}`];
  },
});

const spectralFiles = [SOURCE, ...BUNDLES];
const workflowFiles = WORKFLOW_FILES.map((workflow) => workflow.file);
const arazzoSpectral = ['-r', '.spectral-arazzo.yaml', ...workflowFiles];
const workflowRedoclyFiles = [...workflowFiles, SANDBOX_DOCUMENT];

/** Biome, the linter and formatter of the code (biome.jsonc): `biome ci` changes nothing and fails on any problem. */
export const biome = (args: string[], options?: RunOptions) => runBin('@biomejs/biome', 'biome', args, options);

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
 * hint (a stale entry or ignore) as on a finding.
 */
export const knip = (args: string[], options?: RunOptions) =>
  runBin('knip', 'knip', ['--no-gitignore', '--treat-config-hints-as-errors', '--no-progress', ...args], options);

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
  redoclyRun(`redocly lint ${SOURCE}, ${BUNDLES[0]} and openapi/workflows/ (Arazzo, and the sandbox routes they use)`, [
    SOURCE,
    BUNDLES[0]!,
    ...workflowRedoclyFiles,
  ]),
  spectralRun('spectral lint (source and bundles)', spectralFiles),
  spectralRun('spectral lint openapi/workflows/ (Arazzo)', arazzoSpectral),
];

/** `npm run lint`: every run of LINT_RUNS, printed; returns the exit code. */
export function lintAll(): number {
  let failed = 0;
  for (const lintRun of LINT_RUNS) {
    console.log(`\n# ${lintRun.name}`);
    if (lintRun.print() !== 0) failed += 1;
  }
  console.log(failed === 0 ? '\nLint passed.' : `\nLint failed in ${failed} of ${LINT_RUNS.length} runs.`);
  return failed === 0 ? 0 : 1;
}
