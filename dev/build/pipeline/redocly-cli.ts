// The parts of @redocly/cli that render the reference in-process: the command line ships as one
// bundle of chunks with no API, but its build-docs handler is exported by name, and its config
// loader and logger are exports of a chunk under minified names. They are pinned with the exact
// version of @redocly/cli in package.json and checked here, so that an upgrade that moves them fails
// at once, naming this file.
import { createRequire } from 'node:module';
import path from 'node:path';
import { root } from '../../paths.ts';

const EXPECTED_VERSION = '2.77.0';

interface CliConfig {
  forAlias: (alias: string) => unknown;
}

export interface RedoclyCli {
  loadConfig: (options: { configPath: string }) => Promise<CliConfig>;
  handlerBuildCommand: (args: {
    argv: Record<string, unknown>;
    config: CliConfig;
    collectSpecData: () => void;
  }) => Promise<void>;
  logger: { info: (message: string) => void };
}

let loaded: Promise<RedoclyCli> | undefined;

async function load(): Promise<RedoclyCli> {
  const require = createRequire(path.join(root, 'package.json'));
  const { version } = require('@redocly/cli/package.json') as { version: string };
  const core = (await import('@redocly/cli/lib/chunks/KSRBMNUH.js' as string)) as Record<string, any>;
  const build = (await import('@redocly/cli/lib/chunks/UBYAHYID.js' as string)) as Record<string, any>;
  const cli = { loadConfig: core.ya, handlerBuildCommand: build.handlerBuildCommand, logger: core.oa };
  if (
    version !== EXPECTED_VERSION ||
    typeof cli.loadConfig !== 'function' ||
    typeof cli.handlerBuildCommand !== 'function' ||
    typeof cli.logger?.info !== 'function'
  )
    throw new Error(
      `@redocly/cli ${version} does not have the internal modules of ${EXPECTED_VERSION} that dev/build/pipeline/redocly-cli.ts renders the reference with: update it.`,
    );
  return cli as RedoclyCli;
}

export const redoclyCli = (): Promise<RedoclyCli> => (loaded ??= load());
