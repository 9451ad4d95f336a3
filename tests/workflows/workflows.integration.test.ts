// The Arazzo workflows pass against the sandbox, and fail on the step each planted fault is for.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { startSandbox } from 'shipping-api-v3-sandbox';
import { checkOptions, prepareWorkflowFile, runWorkflows, type WorkflowRun } from '../../dev/workflows.ts';
import { BUNDLE_YAML, root } from '../../dev/paths.ts';
import { makeTempDir } from '../../dev/tools.ts';
import { type PlantedFault, startPlantedServer } from './planted-server.ts';
import { basic } from '../support/fixtures/basic.ts';

const user = 'workflow-user';
const apiKey = 'wf-key-5b1c0e7d9a';
const fast = { user, apiKey, pollSeconds: 1, pollLimit: 3 };

function onlyFailedStep(run: WorkflowRun) {
  expect(run.passed).toBe(false);
  // The output of a failed run names no report folder that is gone once the run ends.
  for (const [, file] of run.output.matchAll(/JSON logs saved in (\S+)/g)) expect(existsSync(file!), file).toBe(true);
  expect(run.output).toContain('JSON logs not kept (give --report-dir <folder> to keep them)');
  expect(run.failedSteps).toHaveLength(1);
  return run.failedSteps[0]!;
}

async function againstPlanted(fault: PlantedFault): Promise<WorkflowRun> {
  const server = await startPlantedServer(fault);
  try {
    const [run] = await runWorkflows({ ...fast, server: server.baseUrl, workflows: ['carrier-setup'] });
    return run!;
  } finally {
    await server.close();
  }
}

describe('against the sandbox', () => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let reportDir: string;
  let removeReportDir: (() => void) | undefined;
  let runs: WorkflowRun[];

  beforeAll(async () => {
    // A shorter generation than the default 3 s, polled every second: the same lifecycle, sooner.
    sandbox = await startSandbox({ generationMs: 1500 });
    ({ dir: reportDir, remove: removeReportDir } = makeTempDir('workflow-reports-'));
    runs = await runWorkflows({ ...fast, pollLimit: 10, server: sandbox.baseUrl, reportDir });
  }, 120_000);

  afterAll(async () => {
    await sandbox?.close();
    removeReportDir?.();
  });

  it('passes every workflow', () => {
    expect(runs.map((run) => [run.name, run.passed, run.failedSteps])).toEqual([
      ['carrier-setup', true, []],
      ['sandbox-partner-attribution', true, []],
      ['sandbox-faults', true, []],
    ]);
  });

  it('writes neither the API key nor the Basic header into the reports or the output', () => {
    const basic = Buffer.from(`${user}:${apiKey}`).toString('base64');
    const files = readdirSync(reportDir);
    expect(files.sort()).toEqual(['carrier-setup.json', 'sandbox-faults.json', 'sandbox-partner-attribution.json']);
    const texts = [
      ...files.map((file) => readFileSync(path.join(reportDir, file), 'utf8')),
      ...runs.map((run) => run.output),
    ];
    for (const text of texts) {
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain(basic);
    }
    // The reports hold the requests, so the check above looked where the key would be.
    expect(texts[0]).toContain('authorization');
  });
});

describe('the carrier setup workflow, throttled', () => {
  // Excessive polling may be throttled (7), and how a throttled poll is answered is not specified:
  // the workflow that runs against any server repeats a poll answered with any status but a 2xx,
  // within its poll limit. The sandbox's 429 with Retry-After is checked by sandbox-faults.arazzo.yaml.
  it('[7.throttling] passes when the sandbox throttles a poll with 429: the poll is repeated', async () => {
    const sandbox = await startSandbox({ generationMs: 1500 });
    try {
      const throttled = { user: 'throttled-user', apiKey };
      const authorization = basic(throttled.user, apiKey);
      const queued = await fetch(`${sandbox.origin}/_sandbox/faults`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ fault: 'throttle', count: 1, retryAfterSeconds: 1 }),
      });
      expect(queued.status).toBe(201);
      const [run] = await runWorkflows({
        ...fast,
        ...throttled,
        pollLimit: 10,
        server: sandbox.baseUrl,
        workflows: ['carrier-setup'],
      });
      expect(run!.failedSteps).toEqual([]);
      expect(run!.passed).toBe(true);
      expect(run!.output).toContain('Retrying step pollUntilCompleted');
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});

// Each run has a server and a respect process of its own, and waits mostly on its polls: side by side.
describe.concurrent('against a server with a planted fault in the carrier setup lifecycle', () => {
  it('passes when nothing is planted', async () => {
    const run = await againstPlanted('none');
    expect(run.failedSteps).toEqual([]);
    expect(run.passed).toBe(true);
  }, 60_000);

  // Neither is a fault: the media type of the file is not specified, nor whether a code has digits.
  it('[4.2.returns] [2.2.Carrier.code] passes when the file comes as application/octet-stream with a carrier code that has digits', async () => {
    const run = await againstPlanted('octet-stream-and-digits');
    expect(run.failedSteps).toEqual([]);
    expect(run.passed).toBe(true);
  }, 60_000);

  it('fails on the poll when an IN_PROGRESS status already has a url', async () => {
    const step = onlyFailedStep(await againstPlanted('url-while-in-progress'));
    expect(step).toMatchObject({ workflowId: 'carrierSetup', stepId: 'pollUntilCompleted' });
    expect(step.failedChecks.join('\n')).toContain(
      "@.status == 'COMPLETED' || (@.url == null && @.expires_at == null)",
    );
  }, 60_000);

  it('fails on the poll, after its last retry, when the status never completes', async () => {
    const run = await againstPlanted('never-completes');
    const step = onlyFailedStep(run);
    expect(step).toMatchObject({ workflowId: 'carrierSetup', stepId: 'pollUntilCompleted' });
    expect(step.failedChecks.join('\n')).toContain("$response.body#/status == 'COMPLETED'");
    expect(run.output).toContain('Retrying step pollUntilCompleted (3/3)');
  }, 60_000);

  // 7: a throttled poll's answer is not specified; any answer but a 2xx is polled again, within the limit.
  it.each([
    ['throttled-once', '429'],
    ['unavailable-once', '503 with a body that is no status'],
  ] as const)(
    '[7.throttling] passes when a poll is answered %s (%s) and the next one goes on',
    async (fault, _answer) => {
      const run = await againstPlanted(fault);
      expect(run.failedSteps).toEqual([]);
      expect(run.passed).toBe(true);
      expect(run.output).toContain('Retrying step pollUntilCompleted');
    },
    60_000,
  );

  // 5.1.3: the credentials go to url, so the workflow's policy is HTTPS, or plain HTTP to a loopback
  // host only, as 'none' serves it; no user information or longer host name passes for loopback.
  it.each([
    'url-plain-http-remote',
    'url-userinfo-localhost-port',
    'url-userinfo-loopback-ip',
    'url-localhost-suffix',
    'url-loopback-ip-suffix',
  ] as const)(
    'fails on the poll, at once, when the COMPLETED url is plain HTTP to a host that is not loopback: %s',
    async (fault) => {
      const run = await againstPlanted(fault);
      const step = onlyFailedStep(run);
      expect(step).toMatchObject({ workflowId: 'carrierSetup', stepId: 'pollUntilCompleted' });
      expect(step.failedChecks.join('\n')).toContain('[Hh][Tt][Tt][Pp][Ss]://');
      // The third poll's COMPLETED status is a verdict, not a pending one: it is not polled again.
      expect(run.output).toContain('Retrying step pollUntilCompleted (2/3)');
      expect(run.output).not.toContain('Retrying step pollUntilCompleted (3/3)');
    },
    60_000,
  );

  // 4.2: streaming is allowed, so a Content-Length is compared only when both answers give one.
  it('passes when the file from its first byte is streamed without Content-Length', async () => {
    const run = await againstPlanted('range-streamed');
    expect(run.failedSteps).toEqual([]);
    expect(run.passed).toBe(true);
  }, 60_000);

  it('fails on the range when the file from its first byte is shorter than the whole file', async () => {
    const step = onlyFailedStep(await againstPlanted('range-stops-halfway'));
    expect(step).toMatchObject({ workflowId: 'carrierSetup', stepId: 'downloadRange' });
    expect(step.failedChecks.join('\n')).toContain('content-length');
  }, 60_000);

  it('fails on the download when the file breaks its schema', async () => {
    const step = onlyFailedStep(await againstPlanted('file-breaks-schema'));
    expect(step).toMatchObject({ workflowId: 'carrierSetup', stepId: 'readFileAsJson' });
    expect(step.failedChecks.join('\n')).toContain('length(@.products) < 1');
  }, 60_000);
});

describe.concurrent('npm run workflows', () => {
  function cli(
    args: string[],
    env: Record<string, string>,
  ): Promise<{ status: number; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, [path.join(root, 'scripts/workflows.ts'), ...args], {
        cwd: root,
        env: { ...process.env, SHIPPING_USER: '', SHIPPING_API_KEY: '', SHIPPING_BASE_URL: '', ...env },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk));
      child.on('close', (status) => resolve({ status: status ?? 1, stdout, stderr }));
    });
  }

  it('exits 1 naming the workflow, the step and the failed criterion', async () => {
    const server = await startPlantedServer('file-breaks-schema');
    try {
      const result = await cli(['--server', server.baseUrl, '--workflow', 'carrier-setup', '--poll-seconds', '1'], {
        SHIPPING_USER: user,
        SHIPPING_API_KEY: apiKey,
      });
      expect(result.status).toBe(1);
      expect(result.stderr).toMatch(/FAILED {2}carrier-setup/);
      expect(result.stderr).toContain('workflow carrierSetup, step readFileAsJson failed:');
      expect(result.stderr).toContain('success criteria check: Checking jsonpath criteria: $[?count(@[?!match(@.code');
      expect(result.stdout + result.stderr).not.toContain(apiKey);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('exits 2 naming what is missing', async () => {
    const noServer = await cli([], { SHIPPING_USER: user, SHIPPING_API_KEY: apiKey });
    expect(noServer).toMatchObject({ status: 2 });
    expect(noServer.stderr).toContain('--server: "" is not an absolute URL');
    const noKey = await cli(['--server', 'http://127.0.0.1:9/api/public/v3'], { SHIPPING_USER: user });
    expect(noKey).toMatchObject({ status: 2 });
    expect(noKey.stderr).toContain('SHIPPING_API_KEY is not set');
    const badFlag = await cli(['--poll-seconds', 'soon'], {});
    expect(badFlag).toMatchObject({ status: 2 });
    expect(badFlag.stderr).toContain("option '--poll-seconds <n>' argument 'soon' is invalid");
  }, 30_000);
});

describe('options', () => {
  it('rejects a base URL without the API path, an unknown workflow, and a zero interval', () => {
    const good = { server: 'http://127.0.0.1:4020/api/public/v3', user, apiKey };
    expect(() => checkOptions(good)).not.toThrow();
    expect(() => checkOptions({ ...good, server: 'http://127.0.0.1:4020' })).toThrow(
      '--server: the base URL must end in /api/public/v3 (found the path /)',
    );
    expect(() => checkOptions({ ...good, workflows: ['carrier'] })).toThrow('--workflow: no workflow "carrier"');
    expect(() => checkOptions({ ...good, pollSeconds: 0 })).toThrow(
      '--poll-seconds: must be a whole number of at least 1 (found 0)',
    );
  });

  it('sets the interval and limit of the polling retries only, and addresses the descriptions by absolute path', () => {
    const document = parse(prepareWorkflowFile('openapi/workflows/carrier-setup.arazzo.yaml', 2, 5)) as {
      sourceDescriptions: Array<{ url: string }>;
      workflows: Array<{
        steps: Array<{ stepId: string; onFailure?: Array<{ name: string; retryAfter: number; retryLimit: number }> }>;
      }>;
    };
    expect(document.sourceDescriptions[0]!.url).toBe(BUNDLE_YAML);
    const actions = document.workflows[0]!.steps.find((step) => step.stepId === 'pollUntilCompleted')!.onFailure!;
    expect(actions.map((a) => [a.name, a.retryAfter, a.retryLimit])).toEqual([['waitAndPoll', 2, 5]]);
    const faults = parse(prepareWorkflowFile('openapi/workflows/sandbox-faults.arazzo.yaml', 1, 1)) as {
      workflows: Array<{ steps: Array<{ onFailure?: Array<{ retryAfter: number }> }> }>;
    };
    // The wait the sandbox's Retry-After asks for stays as written.
    expect(faults.workflows[0]!.steps.flatMap((step) => step.onFailure ?? []).map((a) => a.retryAfter)).toEqual([2]);
  });
});
