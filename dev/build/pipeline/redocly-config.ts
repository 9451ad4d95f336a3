// The Redocly configuration (redocly.yaml), read once per change by @redocly/openapi-core 2.x, the
// major of the command line's engine (@redocly/cli bundles its own copy for lint, diff, respect and
// drift): the bundle, the lint and the rendered reference all take their api's settings from it.
// One ruleset is left out: `diff-recommended` rates changes for `redocly diff` alone, and the last
// published openapi-core 2.x (2.64) does not know it yet; it rates no finding of a lint or a bundle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, createConfig } from '@redocly/openapi-core';
import { parse } from 'yaml';
import { root } from '../../paths.ts';

export const REDOCLY_CONFIG = path.join(root, 'redocly.yaml');

/** The rulesets of redocly.yaml that only `redocly diff` reads. */
const DIFF_ONLY = new Set(['diff-recommended']);

export async function loadRedoclyConfig(configPath = REDOCLY_CONFIG): Promise<Config> {
  const raw = parse(readFileSync(configPath, 'utf8')) as { extends?: string[] };
  if (Array.isArray(raw.extends)) raw.extends = raw.extends.filter((name) => !DIFF_ONLY.has(name));
  return createConfig(raw as never, { configPath });
}

/** The configuration of one api of redocly.yaml (its rules, decorators and settings merged with the root's). */
export const apiConfig = (config: Config, api: string): Config => config.forAlias(api);

export type { Config };
