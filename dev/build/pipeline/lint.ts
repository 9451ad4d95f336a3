// The contract's lint, in-process, the one implementation that `npm run lint` and each save of
// `npm run dev` run: Redocly's rules (redocly.yaml, openapi-core's lint) and Spectral's
// (.spectral.yaml with the OWASP ruleset and the functions of openapi/lint/functions/, loaded by
// the ruleset bundler's documented loader), over the source, so that each finding names the file
// under openapi/ and the line it is on.
import * as fs from 'node:fs';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lint as redoclyLint } from '@redocly/openapi-core';
import { Document, type ISpectralDiagnostic, type Ruleset, Spectral } from '@stoplight/spectral-core';
import { builtins } from '@stoplight/spectral-ruleset-bundler/plugins/builtins';
import { commonjs } from '@stoplight/spectral-ruleset-bundler/plugins/commonjs';
import { bundleAndLoadRuleset } from '@stoplight/spectral-ruleset-bundler/with-loader';
import Parsers from '@stoplight/spectral-parsers';
import { createHttpAndFileResolver } from '@stoplight/spectral-ref-resolver';
import { fetch } from '@stoplight/spectral-runtime';
import { BUNDLE_JSON_FILE, BUNDLE_YAML_FILE, root, SANDBOX_DOCUMENT, SOURCE } from '../../paths.ts';
import { WORKFLOW_FILES } from '../../workflows.ts';
import { problemFinding } from './bundle.ts';
import { byPlace, type Finding, leadWithCause, repositoryPath, type Severity } from './findings.ts';
import { apiConfig, type Config, loadRedoclyConfig } from './redocly-config.ts';

export const SPECTRAL_RULESET = path.join(root, '.spectral.yaml');

const SPECTRAL_SEVERITIES: Severity[] = ['error', 'warning', 'info', 'hint'];

/**
 * Loads .spectral.yaml and its functions afresh (they are read from disk, not from Node's module
 * cache), as the bundler's README loads a YAML ruleset, with the plugins the command line adds: the
 * OWASP ruleset is CommonJS (commonjs), and Spectral's own packages are the ones loaded here (builtins).
 */
export const loadSpectralRuleset = (file = SPECTRAL_RULESET): Promise<Ruleset> =>
  bundleAndLoadRuleset(file, { fs, fetch }, [builtins(), commonjs()]);

function spectralFinding(result: ISpectralDiagnostic): Finding {
  return {
    file: repositoryPath(result.source ?? SOURCE),
    line: result.range.start.line + 1,
    col: result.range.start.character + 1,
    rule: String(result.code),
    message: result.message,
    severity: SPECTRAL_SEVERITIES[result.severity] ?? 'error',
  };
}

/** The findings of Spectral with `ruleset` over `files` (relative to the repository; YAML or JSON). */
export async function spectralFindings(ruleset: Ruleset, files: string[] = [SOURCE]): Promise<Finding[]> {
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset(ruleset);
  const found: Finding[] = [];
  for (const file of files) {
    const abs = path.join(root, file);
    const text = readFileSync(abs, 'utf8');
    const document = file.endsWith('.json')
      ? new Document(text, Parsers.Json, abs)
      : new Document(text, Parsers.Yaml, abs);
    const results = await spectral.run(document);
    found.push(...results.map(spectralFinding));
  }
  return found;
}

/** The api of redocly.yaml whose root is `file`, as the command line picks it; none: the root's settings. */
function apiOf(config: Config, file: string): string | undefined {
  const apis = (config.resolvedConfig.apis ?? {}) as Record<string, { root?: string }>;
  return Object.entries(apis).find(
    ([, api]) => api.root && path.resolve(root, api.root) === path.join(root, file),
  )?.[0];
}

/** The findings of Redocly over `files` (relative to the repository), each with the rules of the api whose root it is. */
export async function redoclyFindings(config: Config, files: string[] = [SOURCE]): Promise<Finding[]> {
  const found: Finding[] = [];
  for (const file of files) {
    const api = apiOf(config, file);
    const problems = await redoclyLint({ ref: path.join(root, file), config: api ? apiConfig(config, api) : config });
    found.push(...problems.map(problemFinding));
  }
  return found;
}

/** Every finding of both linters over the source, in reading order, a parse error first: what `npm run dev` lints on each save. */
export async function lintContract(config: Config, ruleset: Ruleset): Promise<Finding[]> {
  const [redocly, spectral] = await Promise.all([redoclyFindings(config), spectralFindings(ruleset)]);
  return leadWithCause([...redocly, ...spectral].sort(byPlace));
}

/** The Spectral ruleset of the Arazzo workflows. */
export const SPECTRAL_ARAZZO_RULESET = path.join(root, '.spectral-arazzo.yaml');

/**
 * What `npm run lint` lints, each file once: Redocly over the source, the bundle, the workflows and
 * the sandbox's routes they use; Spectral (.spectral.yaml) over the source and both bundles, and
 * (.spectral-arazzo.yaml) over the workflows.
 */
export const LINTED = {
  redocly: [SOURCE, BUNDLE_YAML_FILE, ...WORKFLOW_FILES.map((workflow) => workflow.file), SANDBOX_DOCUMENT],
  spectral: [SOURCE, BUNDLE_YAML_FILE, BUNDLE_JSON_FILE],
  arazzo: WORKFLOW_FILES.map((workflow) => workflow.file),
};

/** Every finding over every file of LINTED, in reading order. */
export async function lintAllFiles(): Promise<Finding[]> {
  const [config, ruleset, arazzo] = await Promise.all([
    loadRedoclyConfig(),
    loadSpectralRuleset(),
    loadSpectralRuleset(SPECTRAL_ARAZZO_RULESET),
  ]);
  const found = await Promise.all([
    redoclyFindings(config, LINTED.redocly),
    spectralFindings(ruleset, LINTED.spectral),
    spectralFindings(arazzo, LINTED.arazzo),
  ]);
  return leadWithCause(found.flat().sort(byPlace));
}
