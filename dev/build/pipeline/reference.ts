// The rendered reference, docs/index.html and docs/404.html, in-process with Redoc's own API, as
// `redocly build-docs --inlineBundle` renders it: the bundle of the API shipping@v3-docs of
// redocly.yaml (its decorators), prepared by `prepareApiDocs` with the api's `openapi` settings,
// rendered by the `RedoclyApiDocsStandalone` component with react-dom/server and styled-components'
// ServerStyleSheet into the page template (dev/docs/template.hbs), with Redoc's standalone script
// inlined to hydrate it. `npm run build`, `npm run docs` and `npm run dev` all render it here.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bundleFromString } from '@redocly/openapi-core';
import Handlebars from 'handlebars';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { logoFromSpec, prepareApiDocs, RedoclyApiDocsStandalone, ServerStyleSheet } from 'redoc';
import { productName } from '../../../openapi/plugins/pages.js';
import { notFoundPage, referenceSections } from '../../docs/deep-links.ts';
import { finishPage } from '../../docs/finish.ts';
import { BUNDLE_YAML, root } from '../../paths.ts';
import { apiConfig, type Config } from './redocly-config.ts';

const DOCS_API = 'shipping@v3-docs';
export const TEMPLATE = 'dev/docs/template.hbs';

export interface Reference {
  /** docs/index.html */
  page: string;
  /** docs/404.html */
  notFound: string;
}

/** Redoc's script that hydrates the prerendered page, a public file of the package (`redoc/bundles/*`). */
const STANDALONE = createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js');

let standalone: string | undefined;
/** The script, safe inside a <script> element. */
const standaloneScript = () => (standalone ??= readFileSync(STANDALONE, 'utf8').replace(/<\/(script)/gi, '<\\/$1'));

/** JSON inside a <script> element: no `<` to end it, no line separators that old parsers break on. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/\u2028|\u2029/g, (separator) => (separator === '\u2028' ? '\\u2028' : '\\u2029'))
    .replace(/</g, '\\u003c');

/** The document the page shows: the bundle with the decorators of the docs api. */
async function docsDocument(bundleYaml: string, config: Config): Promise<Record<string, unknown>> {
  const { bundle } = await bundleFromString({
    source: bundleYaml,
    absoluteRef: BUNDLE_YAML,
    config: apiConfig(config, DOCS_API),
  });
  return bundle.parsed as Record<string, unknown>;
}

/** Redoc's page of `definition` with `options`, in the template, titled `title`. */
async function redocPage(definition: Record<string, unknown>, options: Record<string, unknown>, title: string) {
  // Telemetry off: the page may send nothing anywhere (its policy forbids it).
  const redocOptions = { ...options, skipBundle: true };
  const prepared = await prepareApiDocs({ spec: definition, options: redocOptions });
  const element = createElement(RedoclyApiDocsStandalone, {
    items: prepared.items,
    store: prepared.store,
    basePath: '/',
    options: prepared.options,
    logo: logoFromSpec(prepared.document),
    telemetryConfig: { disabled: true },
    spec: prepared.document,
  });
  const sheet = new ServerStyleSheet();
  try {
    const html = renderToString(sheet.collectStyles(element));
    const styles = sheet.getStyleTags();
    const template = Handlebars.compile(readFileSync(path.join(root, TEMPLATE), 'utf8'));
    return template({
      redocHTML: `
      <div id="redoc">${html}</div>
      <script type="module">
      ${standaloneScript()}

      const __redoc_definition = ${scriptJson(definition)};
      const __redoc_options = ${scriptJson({ ...redocOptions, disableTelemetry: true })};

      hydrate(__redoc_definition, __redoc_options, document.getElementById('redoc'));
      </script>`,
      redocHead: styles,
      title,
      templateOptions: {},
    });
  } finally {
    sheet.seal();
  }
}

/** The reference made from the bundle as a build holds it: its YAML, its document, and the validators made from it. */
export async function renderReference(
  bundleYaml: string,
  document: Parameters<typeof productName>[0],
  { config, validators, hostedSandbox = null }: { config: Config; validators?: string; hostedSandbox?: string | null },
): Promise<Reference> {
  const product = productName(document);
  const definition = await docsDocument(bundleYaml, config);
  const options = (apiConfig(config, DOCS_API).resolvedConfig.openapi ?? {}) as Record<string, unknown>;
  // The reference's <title>: the product's name and version, as Redoc's heading and the guide pages show them.
  const html = await redocPage(definition, options, product.title);
  // The committed page names no hosted sandbox (DOCS_SANDBOX_URL is for a published build, npm run docs).
  const page = finishPage(html, hostedSandbox, { document, validators });
  return { page, notFound: notFoundPage(product, referenceSections(page)) };
}
