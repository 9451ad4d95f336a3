// The rendered reference, docs/index.html and docs/404.html, in-process with Redocly's build-docs
// (dev/build/pipeline/redocly-cli.ts) from a bundle in memory: the API shipping@v3-docs of redocly.yaml,
// its root pointed at that bundle in a temporary folder, so that nothing under generated/ need be
// written first (build:check renders without writing).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';
import { productName } from '../../../openapi/plugins/pages.js';
import { notFoundPage, referenceSections } from '../../docs/deep-links.ts';
import { finishPage } from '../../docs/render.ts';
import { root } from '../../paths.ts';
import { makeTempDir } from '../../tools.ts';
import { hashOf } from './inputs.ts';
import { type RedoclyCli, redoclyCli } from './redocly-cli.ts';
import { REDOCLY_CONFIG } from './redocly-config.ts';

const DOCS_API = 'shipping@v3-docs';
export const TEMPLATE = 'dev/docs/template.hbs';

export interface Reference {
  /** docs/index.html */
  page: string;
  /** docs/404.html */
  notFound: string;
}

/** redocly.yaml with only the docs api, its root `bundleFile`, and the plugins at their absolute paths. */
function docsConfig(bundleFile: string): string {
  const config = parse(readFileSync(REDOCLY_CONFIG, 'utf8')) as {
    apis: Record<string, { root: string }>;
    plugins?: string[];
  };
  config.apis = { [DOCS_API]: { ...config.apis[DOCS_API]!, root: bundleFile } };
  config.plugins = (config.plugins ?? []).map((plugin) => path.resolve(root, plugin));
  return stringify(config);
}

/** A folder for the bundle the reference is rendered from, and the docs api's configuration, loaded once per redocly.yaml. */
let prepared: { key: string; dir: string; config: Awaited<ReturnType<RedoclyCli['loadConfig']>> } | undefined;

async function prepare(cli: RedoclyCli) {
  const key = hashOf(readFileSync(REDOCLY_CONFIG));
  if (prepared?.key === key) return prepared;
  if (prepared) rmSync(prepared.dir, { recursive: true, force: true });
  const { dir, remove } = makeTempDir('shipping-reference-');
  process.once('exit', remove);
  const configPath = path.join(dir, 'redocly.yaml');
  writeFileSync(configPath, docsConfig(path.join(dir, 'openapi.yaml')));
  prepared = { key, dir, config: await cli.loadConfig({ configPath }) };
  return prepared;
}

/** The reference made from the bundle as a build holds it: its YAML, its document, and the validators made from it. */
export async function renderReference(
  bundleYaml: string,
  document: Parameters<typeof productName>[0],
  { validators }: { validators?: string } = {},
): Promise<Reference> {
  const cli = await redoclyCli();
  const product = productName(document);
  const { dir, config } = await prepare(cli);
  const output = path.join(dir, 'index.html');
  writeFileSync(path.join(dir, 'openapi.yaml'), bundleYaml);
  // Its progress lines are for its command line; a failure is thrown.
  cli.logger.info = () => {};
  // The page records whether telemetry is on; the command line runs with it off (dev/tools.ts).
  const telemetry = process.env.REDOCLY_TELEMETRY;
  process.env.REDOCLY_TELEMETRY = 'off';
  try {
    await cli.handlerBuildCommand({
      argv: {
        api: DOCS_API,
        template: path.join(root, TEMPLATE),
        inlineBundle: true,
        // The reference's <title>: the product's name and version, as Redoc's heading and the guide pages show them.
        title: product.title,
        o: output,
      },
      config,
      collectSpecData: () => {},
    });
  } finally {
    delete (cli.logger as { info?: unknown }).info;
    if (telemetry === undefined) delete process.env.REDOCLY_TELEMETRY;
    else process.env.REDOCLY_TELEMETRY = telemetry;
  }
  // The committed page names no hosted sandbox (DOCS_SANDBOX_URL is for a published build, npm run docs).
  const page = finishPage(readFileSync(output, 'utf8'), null, { document, validators });
  return { page, notFound: notFoundPage(product, referenceSections(page)) };
}
