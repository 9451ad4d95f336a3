// The Redocly configuration (redocly.yaml) for @redocly/openapi-core, read in-process. The
// installed openapi-core is 1.x (openapi-typescript's), which bundles and lints this contract exactly
// as the 2.x inside @redocly/cli does, but knows no `diff-recommended` (a ruleset of `redocly diff`
// only): it is left out here, and `npm run diff` keeps using the command line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Config, createConfig, getMergedConfig, type StyleguideConfig } from '@redocly/openapi-core';
import { parse } from 'yaml';
import { root } from '../../paths.ts';

export const REDOCLY_CONFIG = path.join(root, 'redocly.yaml');

/** The rulesets of redocly.yaml that only the command line's commands read. */
const COMMAND_ONLY = new Set(['diff-recommended']);

export async function loadRedoclyConfig(configPath = REDOCLY_CONFIG): Promise<Config> {
  const raw = parse(readFileSync(configPath, 'utf8')) as { extends?: string[] };
  if (Array.isArray(raw.extends)) raw.extends = raw.extends.filter((name) => !COMMAND_ONLY.has(name));
  return createConfig(raw as never, { configPath });
}

/** The configuration of one api of redocly.yaml (its rules and decorators merged with the root's). */
export const apiConfig = (config: Config, api: string): Config => getMergedConfig(config, api);

export type { Config, StyleguideConfig };
