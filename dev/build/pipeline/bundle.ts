// The bundle of the contract, in-process with @redocly/openapi-core: generated/openapi.yaml and
// openapi.json (the API shipping@v3 of redocly.yaml) and every file the root reaches through $ref;
// and the generator profile openapi.generators.yaml (shipping@v3-generators, made from the YAML
// bundle), each byte for byte what `redocly bundle` writes.
import path from 'node:path';
import {
  bundle,
  bundleFromString,
  getLineColLocation,
  type NormalizedProblem,
  stringifyYaml,
} from '@redocly/openapi-core';
import { GENERATED_DIR, root, SOURCE } from '../../paths.ts';
import { ContractError, type Finding, repositoryPath } from './findings.ts';
import { apiConfig, type Config } from './redocly-config.ts';

export interface Bundled {
  /** The bundled description, as parsed (do not change it: copy it first). */
  document: Record<string, any>;
  yaml: string;
  json: string;
  /** Every file the root reaches through $ref, the root too, relative to the repository. */
  reached: string[];
}

/** A problem of openapi-core as a finding at its first location. */
export function problemFinding(problem: NormalizedProblem): Finding {
  const location = problem.location[0];
  const start = location ? getLineColLocation(location).start : { line: 1, col: 1 };
  return {
    file: location ? repositoryPath(location.source.absoluteRef) : SOURCE,
    line: start.line,
    col: start.col,
    rule: problem.ruleId,
    message: problem.message,
    severity: problem.severity === 'warn' ? 'warning' : problem.severity,
  };
}

const toYaml = (document: unknown) => stringifyYaml(document, { noRefs: true, lineWidth: -1 });

/** Bundles the contract; a $ref to nowhere or a file that does not parse is a ContractError. */
export async function bundleContract(config: Config): Promise<Bundled> {
  const main = await bundle({ ref: path.join(root, SOURCE), config: apiConfig(config, 'shipping@v3') });
  const errors = main.problems.filter((problem) => problem.severity === 'error');
  if (errors.length > 0) throw new ContractError(errors.map(problemFinding));
  const document = main.bundle.parsed as Record<string, any>;
  const reached = [...main.fileDependencies].map(repositoryPath).sort();
  return { document, yaml: toYaml(document), json: JSON.stringify(document, null, 2), reached };
}

/** The generator profile (docs/generating-clients.md) of the YAML bundle `yaml`. */
export async function generatorProfile(yaml: string, config: Config): Promise<string> {
  // The profile's api reads the YAML bundle (its root in redocly.yaml); here it gets the one given.
  const profile = await bundleFromString({
    source: yaml,
    absoluteRef: path.join(GENERATED_DIR, 'openapi.yaml'),
    config: apiConfig(config, 'shipping@v3-generators'),
  });
  return toYaml(profile.bundle.parsed);
}
