// The Redocly configuration (redocly.yaml), read once per change by @redocly/openapi-core 2.x, the
// major of the command line's engine (@redocly/cli bundles its own copy for lint, respect and
// drift): the bundle, the lint and the rendered reference all take their api's settings from it.
// `npm run diff` reads its own (dev/release/redocly-diff.yaml).
import path from 'node:path';
import { type Config, loadConfig } from '@redocly/openapi-core';
import { root } from '../../paths.ts';

export const REDOCLY_CONFIG = path.join(root, 'redocly.yaml');

export const loadRedoclyConfig = (configPath = REDOCLY_CONFIG): Promise<Config> => loadConfig({ configPath });

/** The configuration of one api of redocly.yaml (its rules, decorators and settings merged with the root's). */
export const apiConfig = (config: Config, api: string): Config => config.forAlias(api);

export type { Config };
