// Try it, as `npm run docs` puts it into the rendered reference: what the panel knows of the contract
// (from the bundle and openapi/rules.yaml, in a JSON data block), its script (the sources of this
// folder, bundled by esbuild with the contract's generated validators) and its style. Nothing is
// loaded from elsewhere; the page's policy allows the script by its hash (dev/docs/policy.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { pointerGet } from 'shipping-api-v3-contract/json-pointer';
import { hashFile, hashOf } from '../../build/pipeline/inputs.ts';
import { type RuleMap, ruleMapOf } from '../../build/rule-text.ts';
import { BUNDLE_JSON, root } from '../../paths.ts';
import { withTempDir } from '../../tools.ts';
import { JUDGED_RULES, judgePlan } from 'shipping-api-v3-contract/judge';
import { isLoopback } from 'shipping-api-v3-client/internal';
import { CONTRACT_ELEMENT_ID, type TryItContract, type TryItOperation } from './contract.ts';

/** The variable that names a hosted sandbox's base URL for a published site (docs/try-it.md). */
export const SANDBOX_URL_VARIABLE = 'DOCS_SANDBOX_URL';

const METHODS = ['get', 'post'] as const;

/**
 * The rule a request body follows, and the section whose field table its fields follow: sections 4.5
 * and 4.6 show no fields beyond partner_id, so an imported shipment's or a draft's body has none.
 */
const BODY_SECTIONS: Record<string, { section?: string; rule: string }> = {
  createShipment: { section: '2.3', rule: '4.3.request' },
  createSalesOrder: { section: '2.4', rule: '4.4.request' },
  createImportedShipment: { rule: '4.5.request' },
  createShipmentDraft: { rule: '4.6.request' },
};

type Json = any;

const refName = (node: Json): string | undefined =>
  typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined;

/** The object a `$ref` of the bundle points at, or the object itself. */
function resolve(document: Json, node: Json): Json {
  const ref: unknown = node?.$ref;
  return typeof ref === 'string' ? pointerGet(document, ref.slice(1)).value : node;
}

/** The example a body starts from: the first without the deprecated partner_id, else the first without it. */
function startingBody(document: Json, content: Json): unknown {
  const examples = Object.values<Json>(content.examples ?? {}).map((example) => resolve(document, example).value);
  const clean = examples.find((value) => value && typeof value === 'object' && !('partner_id' in value));
  if (clean !== undefined) return clean;
  const { partner_id: _left, ...rest } = (examples[0] ?? {}) as Record<string, unknown>;
  return rest;
}

/** What the panel knows of each operation and of the rules, from the bundle and the rule map. */
export function tryItContract(document: Json, ruleMap: RuleMap, hostedSandbox: string | null): TryItContract {
  const rules = Object.fromEntries(ruleMap.rules.map(({ id, kind, rule }) => [id, { kind, rule }]));
  const items: Array<[string, Json]> = [
    ...Object.entries<Json>(document.paths),
    ...Object.values<Json>(document.components.pathItems ?? {}).map((item) => ['{url}', item] as [string, Json]),
  ];
  const operations: TryItOperation[] = items.flatMap(([route, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method];
      const id: string = operation.operationId;
      const described: TryItOperation = {
        operationId: id,
        method: method.toUpperCase() as 'GET' | 'POST',
        path: route,
        summary: operation.summary,
      };
      const content = operation.requestBody && resolve(document, operation.requestBody).content?.['application/json'];
      if (content) {
        const validator = refName(content.schema);
        const section = BODY_SECTIONS[id];
        if (!validator || !section)
          throw new Error(`Try it cannot check the body of ${id}: add it to dev/docs/try-it/page.ts.`);
        const properties = Object.keys(resolve(document, content.schema).properties ?? {});
        described.body = {
          validator,
          rule: section.rule,
          fieldRules: Object.fromEntries(
            section.section === undefined
              ? []
              : properties.filter((p) => `${section.section}.${p}` in rules).map((p) => [p, `${section.section}.${p}`]),
          ),
          example: startingBody(document, content),
        };
      }
      return described;
    }),
  );
  for (const id of JUDGED_RULES)
    if (!(id in rules)) throw new Error(`The judge names rule ${id}, which openapi/rules.yaml does not have.`);
  return { operations, judge: judgePlan(document), rules, hostedSandbox };
}

/** DOCS_SANDBOX_URL checked: an http(s) base URL ending in /api/public/v3 (HTTPS unless loopback), or null when unset. */
export function hostedSandboxUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const refuse = (why: string) =>
    new Error(
      `${SANDBOX_URL_VARIABLE} must be the base URL of a hosted sandbox, such as https://sandbox.example.com/api/public/v3: ${why} (got ${JSON.stringify(value)}).`,
    );
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw refuse('it is not a URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopback(url.hostname)))
    throw refuse('it must be HTTPS, unless its host is loopback (credentials are only encoded)');
  if (url.search || url.hash || url.username || url.password) throw refuse('it may have no query, fragment or user');
  if (!url.pathname.replace(/\/+$/, '').endsWith('/api/public/v3')) throw refuse('its path must end in /api/public/v3');
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/**
 * What the page is made from when a build holds it in memory, not yet written: the bundle and the
 * generated validators (by default, the files as written).
 */
export interface TryItSources {
  document?: unknown;
  validators?: string;
}

/** The panel's script as last bundled: what it was bundled from, and the files esbuild read for it. */
interface BundledScript {
  entry: string;
  validators: string;
  /** Absolute path → sha256 of its content, the validators' own file left out. */
  inputs: Map<string, string>;
  script: string;
}

let lastScript: BundledScript | undefined;

/** Whether the script last bundled was made from these validators and from the files as they are now. */
const stillFresh = (last: BundledScript | undefined, entry: string, validators: string): last is BundledScript =>
  last !== undefined &&
  last.entry === entry &&
  last.validators === validators &&
  [...last.inputs].every(([file, hash]) => hashFile(file) === hash);

const PANEL = path.join(root, 'dev/docs/try-it/panel.ts');

/**
 * The panel (`entry`) bundled by esbuild with `validators` (the source of the generated validators
 * module; by default the contract package's). A save that changes neither the validators nor a file
 * the panel is bundled from (an example, a description: most saves of `npm run dev`) reuses the
 * script last bundled.
 * @internal exported for its test
 */
export function panelScript(validators: string | undefined, entry = PANEL): string {
  const source =
    validators ?? readFileSync(new URL(import.meta.resolve('shipping-api-v3-contract/validators')), 'utf8');
  const key = hashOf(source);
  if (stillFresh(lastScript, entry, key)) return lastScript.script;
  const built = withTempDir('shipping-try-it-', (dir) => {
    const file = path.join(dir, 'validators.js');
    writeFileSync(file, source);
    const result = buildSync({
      entryPoints: [entry],
      absWorkingDir: root,
      bundle: true,
      write: false,
      metafile: true,
      minify: true,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      conditions: ['shipping-api-source'],
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'silent',
      alias: { 'shipping-api-v3-contract/validators': file },
    });
    const inputs = new Map<string, string>();
    for (const input of Object.keys(result.metafile.inputs)) {
      const absolute = path.resolve(root, input);
      if (absolute === file) continue;
      inputs.set(absolute, hashFile(absolute));
    }
    return { script: result.outputFiles[0]!.text.trim(), inputs };
  });
  lastScript = { entry, validators: key, ...built };
  return built.script;
}

/** The panel's script, its style and its data block, ready to put into the page. */
export function tryItAssets(
  hostedSandbox: string | null,
  { document = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')), validators }: TryItSources = {},
): { script: string; style: string; data: string } {
  const ruleMap = ruleMapOf(readFileSync(path.join(root, 'openapi/rules.yaml'), 'utf8'));
  const contract = tryItContract(document, ruleMap, hostedSandbox);
  const script = panelScript(validators);
  const style = readFileSync(path.join(root, 'dev/docs/try-it/panel.css'), 'utf8').trim();
  // JSON in a <script> block: `<` escaped, so that no text of the contract can close the block.
  const json = JSON.stringify(contract).replaceAll('<', '\\u003c');
  return { script, style, data: `<script type="application/json" id="${CONTRACT_ELEMENT_ID}">${json}</script>` };
}
