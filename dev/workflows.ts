// Runs the Arazzo workflows in openapi/workflows/ with `redocly respect` against a server, and reads
// its JSON report back to say which workflow, step and criterion failed.
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { binPath, withTempDir } from './tools.ts';
import { root } from './paths.ts';

export interface WorkflowFile {
  /** The name given to --workflow: the file name without .arazzo.yaml. */
  name: string;
  file: string;
  /**
   * Whether it is a workflow of the sandbox: it calls the /_sandbox routes, which only the sandbox
   * serves, and checks the sandbox's documented behaviour, not the API's (its name starts with sandbox-).
   */
  needsSandbox: boolean;
}

export const WORKFLOW_FILES: WorkflowFile[] = [
  { name: 'carrier-setup', file: 'openapi/workflows/carrier-setup.arazzo.yaml', needsSandbox: false },
  {
    name: 'sandbox-partner-attribution',
    file: 'openapi/workflows/sandbox-partner-attribution.arazzo.yaml',
    needsSandbox: true,
  },
  { name: 'sandbox-faults', file: 'openapi/workflows/sandbox-faults.arazzo.yaml', needsSandbox: true },
];

/** The path of the API's base URL; the sandbox serves its own routes at the origin before it. */
export const BASE_PATH = '/api/public/v3';
/** The polling interval the specification suggests (4.1: 15 or 30 seconds). */
export const DEFAULT_POLL_SECONDS = 15;
/** Polls before giving up: a setting of the run, since "several minutes" sets no limit (--poll-limit). */
export const DEFAULT_POLL_LIMIT = 80;
/** The retry actions of the carrier setup poll, whose interval and limit --poll-seconds and --poll-limit set. */
const POLL_ACTIONS = ['waitAndPoll'];

export interface RunWorkflowsOptions {
  /** The base URL of the API, ending in /api/public/v3. */
  server: string;
  user: string;
  apiKey: string;
  /** Names from WORKFLOW_FILES; all of them when absent. */
  workflows?: string[];
  pollSeconds?: number;
  pollLimit?: number;
  /** A folder to keep respect's JSON report of each file in (<name>.json); credentials are masked in it. */
  reportDir?: string;
}

export interface FailedStep {
  workflowId: string;
  stepId: string;
  /** Each failed check of the step's last attempt, as respect describes it. */
  failedChecks: string[];
}

export interface WorkflowRun {
  name: string;
  passed: boolean;
  /** Wall time of the respect run, in milliseconds. */
  ms: number;
  failedSteps: FailedStep[];
  /** What respect printed. */
  output: string;
}

export class WorkflowOptionsError extends Error {}

/** Checks the options and says what is wrong with which option. */
export function checkOptions(options: RunWorkflowsOptions): void {
  let url: URL;
  try {
    url = new URL(options.server);
  } catch {
    throw new WorkflowOptionsError(
      `--server: "${options.server}" is not an absolute URL; give the API's base URL, such as http://127.0.0.1:4020${BASE_PATH}.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new WorkflowOptionsError(`--server: the URL must start with http:// or https:// (found ${url.protocol}).`);
  if (!url.pathname.replace(/\/+$/, '').endsWith(BASE_PATH))
    throw new WorkflowOptionsError(`--server: the base URL must end in ${BASE_PATH} (found the path ${url.pathname}).`);
  if (!options.user) throw new WorkflowOptionsError('SHIPPING_USER is not set: the workflows need the API user in it.');
  if (!options.apiKey)
    throw new WorkflowOptionsError('SHIPPING_API_KEY is not set: the workflows need the API key in it.');
  for (const name of options.workflows ?? []) {
    if (!WORKFLOW_FILES.some((w) => w.name === name))
      throw new WorkflowOptionsError(
        `--workflow: no workflow "${name}"; the workflows are ${WORKFLOW_FILES.map((w) => w.name).join(', ')}.`,
      );
  }
  for (const [flag, value] of [
    ['--poll-seconds', options.pollSeconds],
    ['--poll-limit', options.pollLimit],
  ] as const) {
    if (value !== undefined && (!Number.isInteger(value) || value < 1))
      throw new WorkflowOptionsError(`${flag}: must be a whole number of at least 1 (found ${value}).`);
  }
}

interface ArazzoAction {
  name?: string;
  type?: string;
  retryAfter?: number;
  retryLimit?: number;
}
interface ArazzoDocument {
  sourceDescriptions?: Array<{ url: string }>;
  workflows?: Array<{ steps?: Array<{ onFailure?: ArazzoAction[] }> }>;
}

/**
 * The workflow file as it will run: source descriptions addressed by absolute path (the copy lives
 * in a temporary folder), and the interval and limit of the polling retries as given.
 */
export function prepareWorkflowFile(file: string, pollSeconds: number, pollLimit: number): string {
  const absolute = path.resolve(root, file);
  const document = parse(readFileSync(absolute, 'utf8')) as ArazzoDocument;
  for (const source of document.sourceDescriptions ?? []) {
    if (!/^[a-z]+:/i.test(source.url)) source.url = path.resolve(path.dirname(absolute), source.url);
  }
  for (const workflow of document.workflows ?? []) {
    for (const step of workflow.steps ?? []) {
      for (const action of step.onFailure ?? []) {
        if (action.type === 'retry' && POLL_ACTIONS.includes(action.name ?? '')) {
          action.retryAfter = pollSeconds;
          action.retryLimit = pollLimit;
        }
      }
    }
  }
  return stringify(document, { lineWidth: 0 });
}

interface RespectCheck {
  name: string;
  passed: boolean;
  message?: string;
  condition?: string;
}
interface RespectStep {
  stepId: string;
  workflowId: string;
  status?: string;
  checks?: RespectCheck[];
}
/** A run of a workflow; a `goto` shows as such a run nested among the steps, holding the steps after it. */
interface RespectRun {
  workflowId: string;
  executedSteps?: Array<RespectStep | RespectRun>;
}
interface RespectReport {
  files: Record<string, { executedWorkflows?: RespectRun[] }>;
}

/** The steps of a run, those after a `goto` included, in the order they ran. */
function stepsOf(run: RespectRun): RespectStep[] {
  return (run.executedSteps ?? []).flatMap((entry) =>
    'stepId' in entry && entry.stepId ? [entry as RespectStep] : 'executedSteps' in entry ? stepsOf(entry) : [],
  );
}

/** The steps that failed, from respect's JSON report: the last attempt of each step decides. */
export function failedSteps(report: RespectReport): FailedStep[] {
  const failed: FailedStep[] = [];
  for (const file of Object.values(report.files)) {
    for (const workflow of file.executedWorkflows ?? []) {
      const last = new Map<string, RespectStep>();
      for (const step of stepsOf(workflow)) last.set(step.stepId, step);
      for (const step of last.values()) {
        const checks = (step.checks ?? []).filter((check) => !check.passed);
        if (step.status === 'error' || checks.length > 0) {
          failed.push({
            workflowId: step.workflowId ?? workflow.workflowId,
            stepId: step.stepId,
            failedChecks: checks.map((check) => `${check.name}: ${check.message || check.condition || ''}`.trim()),
          });
        }
      }
    }
  }
  return failed;
}

/** Runs respect on one file; resolves when it exits. Never blocks the event loop, so a server in the same process keeps answering. */
function runRespect(args: string[], env: NodeJS.ProcessEnv): Promise<{ status: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [binPath('@redocly/cli', 'redocly'), 'respect', ...args], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

/** Runs the chosen workflow files one after the other. */
export async function runWorkflows(options: RunWorkflowsOptions): Promise<WorkflowRun[]> {
  checkOptions(options);
  const server = options.server.replace(/\/+$/, '');
  const origin = server.slice(0, -BASE_PATH.length);
  const chosen = options.workflows?.length
    ? WORKFLOW_FILES.filter((w) => options.workflows!.includes(w.name))
    : WORKFLOW_FILES;
  // The credentials reach respect through its environment only: never on a command line.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SHIPPING_USER: options.user,
    SHIPPING_API_KEY: options.apiKey,
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    REDOCLY_TELEMETRY: 'off',
    REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
  };
  return withTempDir('workflows-', async (dir) => {
    const runs: WorkflowRun[] = [];
    if (options.reportDir) mkdirSync(options.reportDir, { recursive: true });
    for (const workflow of chosen) {
      const file = path.join(dir, path.basename(workflow.file));
      writeFileSync(
        file,
        prepareWorkflowFile(
          workflow.file,
          options.pollSeconds ?? DEFAULT_POLL_SECONDS,
          options.pollLimit ?? DEFAULT_POLL_LIMIT,
        ),
      );
      const reportFile = path.join(options.reportDir ?? dir, `${workflow.name}.json`);
      const servers = JSON.stringify({ shipping: server, sandbox: origin });
      const started = performance.now();
      const respect = await runRespect([file, '--server', servers, '--json-output', reportFile], env);
      const { status } = respect;
      // Without --report-dir the report lives in a folder removed at the end: say so, not where it was.
      const output = options.reportDir
        ? respect.output
        : respect.output.replaceAll(
            `JSON logs saved in ${reportFile}`,
            'JSON logs not kept (give --report-dir <folder> to keep them)',
          );
      const ms = performance.now() - started;
      let failed: FailedStep[] = [];
      try {
        failed = failedSteps(JSON.parse(readFileSync(reportFile, 'utf8')) as RespectReport);
      } catch {
        // No report: respect stopped before running a step; its output says why.
      }
      runs.push({ name: workflow.name, passed: status === 0, ms, failedSteps: failed, output });
    }
    return runs;
  });
}

/** One line per workflow, and one per failed step with each failed criterion. */
export function describeRuns(runs: WorkflowRun[]): string {
  const lines: string[] = [];
  for (const run of runs) {
    lines.push(`${run.passed ? 'passed' : 'FAILED'}  ${run.name}  ${(run.ms / 1000).toFixed(1)} s`);
    for (const step of run.failedSteps) {
      lines.push(`  workflow ${step.workflowId}, step ${step.stepId} failed:`);
      for (const check of step.failedChecks) lines.push(`    ${check}`);
    }
    if (!run.passed && run.failedSteps.length === 0)
      lines.push('  respect stopped before a step ran; its output above says why.');
  }
  return lines.join('\n');
}

/** The flags of `npm run workflows`. */
export interface WorkflowsCommandOptions {
  server?: string;
  workflow?: string[];
  pollSeconds: number;
  pollLimit: number;
  reportDir?: string;
  verbose?: boolean;
}

/**
 * `npm run workflows`: runs the workflows against `server` with the credentials of the environment,
 * prints the output of each failed (or, verbose, every) run and a summary. Returns 0 when every
 * workflow passed, 1 when a step failed, 2 on a usage error.
 */
export async function runWorkflowsCommand(options: WorkflowsCommandOptions): Promise<number> {
  try {
    const runs = await runWorkflows({
      server: options.server ?? process.env.SHIPPING_BASE_URL ?? '',
      user: process.env.SHIPPING_USER ?? '',
      apiKey: process.env.SHIPPING_API_KEY ?? '',
      workflows: options.workflow,
      pollSeconds: options.pollSeconds,
      pollLimit: options.pollLimit,
      reportDir: options.reportDir,
    });
    for (const run of runs) if (options.verbose || !run.passed) process.stdout.write(run.output);
    const passed = runs.every((run) => run.passed);
    (passed ? console.log : console.error)(`\n${describeRuns(runs)}`);
    return passed ? 0 : 1;
  } catch (error) {
    if (error instanceof WorkflowOptionsError) {
      console.error(`workflows: ${error.message}`);
      return 2;
    }
    throw error;
  }
}
