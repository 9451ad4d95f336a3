// The contract's lint, in-process: Redocly's rules (redocly.yaml, openapi-core's lint) and Spectral's
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
import { root, SOURCE } from '../../paths.ts';
import { problemFinding } from './bundle.ts';
import { byPlace, type Finding, repositoryPath, type Severity } from './findings.ts';
import { apiConfig, type Config } from './redocly-config.ts';

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

export async function spectralFindings(ruleset: Ruleset): Promise<Finding[]> {
  const spectral = new Spectral({ resolver: createHttpAndFileResolver() });
  spectral.setRuleset(ruleset);
  const file = path.join(root, SOURCE);
  const results = await spectral.run(new Document(readFileSync(file, 'utf8'), Parsers.Yaml, file));
  return results.map(spectralFinding);
}

export async function redoclyFindings(config: Config): Promise<Finding[]> {
  const problems = await redoclyLint({ ref: path.join(root, SOURCE), config: apiConfig(config, 'shipping@v3') });
  return problems.map(problemFinding);
}

/** Every finding of both linters, in reading order. */
export async function lintContract(config: Config, ruleset: Ruleset): Promise<Finding[]> {
  const [redocly, spectral] = await Promise.all([redoclyFindings(config), spectralFindings(ruleset)]);
  return [...redocly, ...spectral].sort(byPlace);
}
