// Each project rule for the Arazzo workflows (.spectral-arazzo.yaml, redocly.yaml) is fed a copy of
// a workflow that breaks it; that the workflows as committed break none is npm run lint's.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import Parsers from '@stoplight/spectral-parsers';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { loadSpectralRuleset, SPECTRAL_ARAZZO_RULESET } from '../../dev/build/pipeline/lint.ts';
import { BUNDLE_JSON, BUNDLE_YAML, root } from '../../dev/paths.ts';
import { redocly, withTempDir } from '../../dev/tools.ts';
import { DEFAULT_POLL_LIMIT, DEFAULT_POLL_SECONDS, prepareWorkflowFile, WORKFLOW_FILES } from '../../dev/workflows.ts';

interface Finding {
  code: string;
  path: string[];
}

type Arazzo = any;

/** A committed workflow, with its source descriptions addressed by absolute path so a copy elsewhere resolves them. */
function workflow(name: string): Arazzo {
  return parse(prepareWorkflowFile(`openapi/workflows/${name}.arazzo.yaml`, 15, 40));
}

/** Broken copies of the committed workflows, by name; one Spectral lints them all before the tests. */
const broken = new Map<string, Arazzo>();
const findingsOf = new Map<string, Finding[]>();

/** Registers a copy of workflow `name` changed by `change`; its findings are read with `spectralFindings`. */
function breakWorkflow(key: string, name: string, change: (document: Arazzo) => void): string {
  const document = workflow(name);
  change(document);
  broken.set(key, document);
  return key;
}

/**
 * Lints every broken copy with one Spectral in this process, .spectral-arazzo.yaml loaded as `npm run
 * lint` loads it (dev/build/pipeline/lint.ts), each copy a file of its own, and files the findings
 * under the copy they are in.
 */
async function lintBrokenCopies(): Promise<void> {
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset(await loadSpectralRuleset(SPECTRAL_ARAZZO_RULESET));
  await withTempDir('arazzo-lint-', async (dir) => {
    for (const [index, [key, document]] of [...broken].entries()) {
      const file = path.join(dir, `broken-${index}.arazzo.yaml`);
      writeFileSync(file, stringify(document));
      const results = await spectral.run(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file));
      findingsOf.set(
        key,
        results.map((result) => ({ code: String(result.code), path: result.path.map(String) })),
      );
    }
  });
}

function spectralFindings(key: string): Finding[] {
  const findings = findingsOf.get(key);
  if (!findings) throw new Error(`no broken copy named ${key}`);
  return findings;
}

function redoclyOutput(document: Arazzo): { status: number | null; output: string } {
  return withTempDir('arazzo-lint-', (dir) => {
    const file = path.join(dir, 'broken.arazzo.yaml');
    writeFileSync(file, stringify(document));
    const result = redocly(['lint', '--config', path.join(root, 'redocly.yaml'), file]);
    return { status: result.status, output: result.stdout + result.stderr };
  });
}

const projectRules = [
  'arazzo-credentials-from-environment',
  'arazzo-jsonpath-and-nested',
  'arazzo-poll-interval-suggested',
];

describe('Spectral rules for the workflows', () => {
  // That the committed workflows pass, with no finding of any severity, is npm run lint's contract run
  // (dev/build/pipeline/lint.ts), a part of npm run check.
  it('the project rules are those tested here', () => {
    const ruleset = parse(readFileSync(path.join(root, '.spectral-arazzo.yaml'), 'utf8')) as {
      rules: Record<string, unknown>;
    };
    expect(Object.keys(ruleset.rules)).toEqual(projectRules);
  });

  const keyInWorkflow = breakWorkflow('key in the workflow', 'sandbox-faults', (document) => {
    document.workflows[0]['x-security'][0].values.password = 'apikey-in-the-open';
  });
  const stepCredentials = breakWorkflow('credentials of a step', 'sandbox-faults', (document) => {
    document.workflows[0].steps[0]['x-security'] = [
      {
        scheme: { type: 'http', scheme: 'basic' },
        values: { username: '$inputs.env.SHIPPING_USER', password: '$inputs.apiKey' },
      },
    ];
  });
  const chainedAnd = breakWorkflow('a chain of &&', 'sandbox-partner-attribution', (document) => {
    document.workflows[0].steps.at(-1).successCriteria[1].condition =
      "$[?@.attributions[?@.id == 'shipment-1' && @.partnerId == 10042 && @.source == 'header']]";
  });
  const pollEvery = (seconds: number) =>
    breakWorkflow(`a poll every ${seconds} s`, 'carrier-setup', (document) => {
      document.workflows[0].steps[0].onFailure[0].retryAfter = seconds;
    });
  const polls = [5, 45, 30, 15].map(pollEvery);
  const repeatedStepId = breakWorkflow('a repeated stepId', 'sandbox-faults', (document) => {
    document.workflows[0].steps[1].stepId = document.workflows[0].steps[0].stepId;
  });
  beforeAll(lintBrokenCopies);

  it('arazzo-credentials-from-environment reports an API key written into the workflow', () => {
    const findings = spectralFindings(keyInWorkflow).filter((f) => f.code === 'arazzo-credentials-from-environment');
    expect(findings.map((f) => f.path.join('.'))).toEqual(['workflows.0.x-security.0.values.password']);
  });

  it('arazzo-credentials-from-environment reports a step that sets its own credentials', () => {
    const findings = spectralFindings(stepCredentials).filter((f) => f.code === 'arazzo-credentials-from-environment');
    expect(findings.map((f) => f.path.join('.'))).toEqual(['workflows.0.steps.0.x-security.0.values.password']);
  });

  it('arazzo-jsonpath-and-nested reports a chain of && in a JSONPath criterion', () => {
    const findings = spectralFindings(chainedAnd).filter((f) => f.code === 'arazzo-jsonpath-and-nested');
    const lastStep = broken.get(chainedAnd).workflows[0].steps.length - 1;
    expect(findings.map((f) => f.path.join('.'))).toEqual([
      `workflows.0.steps.${lastStep}.successCriteria.1.condition`,
    ]);
  });

  it.each([
    [5, false, polls[0]!],
    [45, false, polls[1]!],
    [30, true, polls[2]!],
    [15, true, polls[3]!],
  ])(
    'arazzo-poll-interval-suggested: a poll every %i seconds is one of the suggested intervals: %s',
    (_, suggested, copy) => {
      const findings = spectralFindings(copy).filter((f) => f.code === 'arazzo-poll-interval-suggested');
      expect(findings.map((f) => f.path.join('.'))).toEqual(
        suggested ? [] : ['workflows.0.steps.0.onFailure.0.retryAfter'],
      );
    },
  );

  it("spectral:arazzo's own rules run too: a repeated stepId", () => {
    expect(spectralFindings(repeatedStepId).map((f) => f.code)).toContain('arazzo-workflow-stepId-unique');
  });
});

describe('Redocly rules for the workflows', () => {
  // That the committed workflows and the sandbox description pass is npm run lint's contract run
  // (dev/build/pipeline/lint.ts), which lints them with the contract and its bundle.
  it('rule/arazzo-step-success-criteria reports a step without success criteria', () => {
    const document = workflow('sandbox-faults');
    delete document.workflows[0].steps[0].successCriteria;
    const { status, output } = redoclyOutput(document);
    expect(status).not.toBe(0);
    expect(output).toContain('Each step states what it proves in successCriteria.');
    expect(output).toContain('#/workflows/0/steps/0/successCriteria');
  });
});

describe('the sandbox description', () => {
  it('stays out of the public bundle', () => {
    for (const bundle of [BUNDLE_YAML, BUNDLE_JSON]) {
      expect(readFileSync(bundle, 'utf8')).not.toContain('/_sandbox');
    }
  });
});

// The carrier setup workflow runs against any server: it checks only what the specification states.
describe('the carrier setup workflow says only what is known', () => {
  const document = parse(readFileSync(path.join(root, 'openapi/workflows/carrier-setup.arazzo.yaml'), 'utf8'));
  const steps: any[] = document.workflows[0].steps;
  const criteria = steps.flatMap((step) => [
    ...(step.successCriteria ?? []),
    ...(step.onFailure ?? []).flatMap((action: any) => action.criteria ?? []),
  ]);
  const setupFileSchema = JSON.parse(
    readFileSync(path.join(root, 'openapi/schemas/carrier-setup-file.schema.json'), 'utf8'),
  );

  it("[2.2.Carrier.code] its carrier code criterion is the contract's carrier code pattern", () => {
    const codes = criteria.flatMap((c) =>
      [...String(c.condition).matchAll(/match\(@\.code, '([^']+)'\)/g)].map((m) => m[1]),
    );
    expect(codes.length).toBeGreaterThan(0);
    // RFC 9535 match() tests the whole value, as the anchors of the JSON Schema pattern do.
    for (const code of codes) expect(`^${code}$`).toBe(setupFileSchema.$defs.Carrier.properties.code.pattern);
  });

  // 5.1.3: the download carries the credentials, so the workflow's policy is HTTPS, or plain HTTP
  // only when the whole authority is a loopback host: user information or a longer host name that
  // starts as a loopback one never passes, and a loopback host spelt otherwise is refused too.
  const urlCriterion = new RegExp(criteria.find((c) => c.context === '$response.body#/url').condition);
  it.each([
    'https://files.shipping.example/carrier-setups/7f3c9a2e.json',
    'HTTPS://files.shipping.example/f.json',
    'http://127.0.0.1:4020/carrier-setup-file',
    'http://localhost/f.json',
    'http://localhost',
    'http://localhost:8080?f=1',
    'http://[::1]:8080/f.json',
    'https://localhost:80@files.shipping.example/f.json',
  ])('[2.1.url.scheme] its url criterion takes %j', (url) => {
    expect(urlCriterion.test(url)).toBe(true);
  });
  it.each([
    'http://files.shipping.example/f.json',
    'http://localhost.shipping.example/f.json',
    'http://127.0.0.1.shipping.example/f.json',
    'http://localhost:80@other.example/f.json',
    'http://localhost:x@other.example/f.json',
    'http://localhost@other.example/f.json',
    'http://127.0.0.1:x@evil/f.json',
    'http://127.0.0.1:80@evil/f.json',
    'http://[::1]:80@evil/f.json',
    'http://localhost.evil.example/f.json',
    'http://127.0.0.1.evil.example/f.json',
    'http://localhost\\@evil.example/f.json',
    'http://user@localhost/f.json',
    'http:evil.example/f.json',
    'ftp://files.shipping.example/f.json',
    '/carrier-setups/7f3c9a2e.json',
  ])('[2.1.url.scheme] its url criterion refuses %j', (url) => {
    expect(urlCriterion.test(url)).toBe(false);
  });

  it('[4.2.returns] it requires no media type of the file', () => {
    expect(criteria.filter((c) => /content-type/i.test(`${c.context} ${c.condition}`))).toEqual([]);
  });

  // Generation "may take several minutes", which sets no limit: how long the poll goes on is a
  // setting of the run (--poll-limit, --poll-seconds), and the workflow names it as one, claiming no
  // duration of its own.
  const namesTheLimitAsASetting = (description: string) => {
    const text = description.replace(/\s+/g, ' ');
    return (
      /sets no limit/.test(text) &&
      /a setting of the run, not a claim of the contract/.test(text) &&
      /--poll-limit/.test(text) &&
      !/\b\d+ (?:minutes|times)\b|twenty/.test(text)
    );
  };
  it('[3.generation-time] its poll limit is a setting of the run, named as one, not a claim of the contract', () => {
    const { description } = document.info;
    expect(namesTheLimitAsASetting(description), description).toBe(true);
    expect(
      namesTheLimitAsASetting(
        description.replace(
          'which sets no limit',
          'the poll is repeated up to 80 times, 15 seconds apart (20 minutes)',
        ),
      ),
    ).toBe(false);
    const [poll] = steps.find((step) => step.stepId === 'pollUntilCompleted').onFailure;
    expect([poll.retryLimit, poll.retryAfter]).toEqual([DEFAULT_POLL_LIMIT, DEFAULT_POLL_SECONDS]);
    const prepared = parse(prepareWorkflowFile('openapi/workflows/carrier-setup.arazzo.yaml', 30, 100));
    expect(prepared.workflows[0].steps[0].onFailure[0]).toMatchObject({ retryAfter: 30, retryLimit: 100 });
  });

  it('[7.errors-not-shown] it requires no status code the specification does not give, and reads no answer as throttling', () => {
    const conditions = criteria.map((c) => String(c.condition));
    expect(conditions.filter((c) => /\$statusCode\s*==/.test(c))).toEqual([]);
    const statusChecks = criteria.filter((c) => c.context === '$statusCode');
    expect(statusChecks.length).toBeGreaterThanOrEqual(4);
    for (const check of statusChecks)
      for (const code of ['200', '201', '203', '206', '299'])
        expect(new RegExp(check.condition).test(code), `${check.condition} ${code}`).toBe(true);
    expect(conditions.filter((c) => /429|503/.test(c))).toEqual([]);
    expect(steps.flatMap((step) => (step.onFailure ?? []).map((action: any) => action.name))).toEqual(['waitAndPoll']);
  });

  // 7: excessive polling may be throttled, with an answer not shown: the one retry of the poll takes
  // any answer that is not a 2xx, as it takes a pending status, so that both count against one limit.
  // That respect runs it so is workflows.integration.test.ts's (a 429, a 503, then the lifecycle).
  it('[7.throttling] its one retry of the poll takes any answer that is not a 2xx, and a pending status', () => {
    const [retry, ...others] = steps.find((step) => step.stepId === 'pollUntilCompleted').onFailure;
    expect(others).toEqual([]);
    expect(retry.criteria).toHaveLength(1);
    const alternatives = String(retry.criteria[0].condition).split(' || ');
    expect(alternatives.slice(0, 2)).toEqual(['$statusCode < 200', '$statusCode > 299']);
    for (const status of ['REQUESTED', 'IN_PROGRESS'])
      expect(alternatives).toContain(
        `$response.body#/status == '${status}' && $response.body#/url == null && $response.body#/expires_at == null`,
      );
    expect(alternatives).toHaveLength(4);
  });
});

// What the specification does not state for the API (a 201, an id in the answer, a 429 with
// Retry-After, a reference field, storage on an imported shipment) is checked only by workflows of
// the sandbox, and they say so: in their file name, their title, their description, and the name of
// the description they call.
describe('the workflows of the sandbox say whose rules they check', () => {
  const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

  it.each(WORKFLOW_FILES.filter((w) => w.needsSandbox))("$name is named and described as the sandbox's", (w) => {
    const document = parse(read(w.file));
    expect(w.name).toMatch(/^sandbox-/);
    expect(path.basename(w.file)).toBe(`${w.name}.arazzo.yaml`);
    expect(document.info.title).toMatch(/^Sandbox: /);
    expect(document.info.description.replace(/\s+/g, ' ')).toMatch(/A workflow of the sandbox, not of the API/);
    expect(document.sourceDescriptions.map((source: any) => source.name)).not.toContain('shipping');
    for (const workflow of document.workflows) expect(workflow.workflowId).toMatch(/^sandbox[A-Z]/);
  });

  // A workflow asserts only what its source description states: the sandbox's answers (a 201 with an
  // id, a 429 with Retry-After) are the sandbox's own description's, not the public one's.
  const citesTheSandboxOnly = (document: any) =>
    document.sourceDescriptions.every((source: any) => source.url === '../../packages/sandbox/openapi.json') &&
    document.workflows.every((workflow: any) =>
      workflow.steps.every((step: any) => String(step.operationId).startsWith('$sourceDescriptions.sandbox.')),
    );
  it.each(WORKFLOW_FILES.filter((w) => w.needsSandbox))(
    "$name calls only operations of the sandbox's own description",
    (w) => {
      const document = parse(read(w.file));
      expect(citesTheSandboxOnly(document)).toBe(true);
      const sandbox = JSON.parse(read('packages/sandbox/openapi.json'));
      const described = new Set(
        Object.values<any>(sandbox.paths).flatMap((methods) => Object.values<any>(methods).map((op) => op.operationId)),
      );
      for (const workflow of document.workflows)
        for (const step of workflow.steps)
          expect(described, step.stepId).toContain(
            String(step.operationId).replace('$sourceDescriptions.sandbox.', ''),
          );
      const publicSource = structuredClone(document);
      publicSource.sourceDescriptions.push({
        name: 'sandboxApi',
        url: '../../generated/openapi.yaml',
        type: 'openapi',
      });
      publicSource.workflows[0].steps.at(-2).operationId = '$sourceDescriptions.sandboxApi.createShipment';
      expect(citesTheSandboxOnly(publicSource)).toBe(false);
    },
  );

  it.each(WORKFLOW_FILES.filter((w) => !w.needsSandbox))("$name checks nothing of the sandbox's own", (w) => {
    expect(w.name).not.toMatch(/^sandbox-/);
    const text = read(w.file);
    for (const unstated of [/\$statusCode == 201/, /@\.id\b/, /== 429|Retry-After'/, /\breference:/, /_sandbox/])
      expect(text).not.toMatch(unstated);
  });
});
