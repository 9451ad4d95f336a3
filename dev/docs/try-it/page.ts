// Try it, as `npm run docs` puts it into the rendered reference: what the panel knows of the contract
// (from the bundle and openapi/rules.yaml, in a JSON data block), its script (the sources of this
// folder, bundled by esbuild with the contract's generated validators) and its style. Nothing is
// loaded from elsewhere; the page's policy allows the script by its hash (dev/docs/policy.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { pointerGet } from 'shipping-api-v3-contract/json-pointer';
import { parse } from 'yaml';
import { BUNDLE_JSON, root } from '../../paths.ts';
import { withTempDir } from '../../tools.ts';
import { CONTRACT_ELEMENT_ID, type TryItContract, type TryItOperation, type TryItResponse } from './contract.ts';

/** The variable that names a hosted sandbox's base URL for a published site (docs/try-it.md). */
export const SANDBOX_URL_VARIABLE = 'DOCS_SANDBOX_URL';

const METHODS = ['get', 'post'] as const;

/**
 * The rule each answer is judged under, by operation and response key, as `shipping-api conform`
 * judges them (packages/cli/src/conform/answers.ts); `open` names the open rule, or the section that
 * gives no shape, under which the body is not judged.
 */
const RESPONSE_RULES: Record<string, Record<string, { rule: string; open?: string; partial?: true }>> = {
  requestCarrierSetup: { '2XX': { rule: '4.1.response' } },
  downloadCarrierSetupFile: {
    '200': { rule: '4.2.returns' },
    '206': { rule: '4.2.range', partial: true },
    '416': { rule: '4.2.range', open: '7.errors-not-shown' },
  },
  createShipment: { '2XX': { rule: '4.3.request', open: '4.3.response' } },
  createSalesOrder: { '2XX': { rule: '4.4.request', open: '4.4.response' } },
  // Sections 4.5 and 4.6 give no response at all: no rule of the map names its shape.
  createImportedShipment: { '2XX': { rule: '4.5.request', open: '4.5' } },
  createShipmentDraft: { '2XX': { rule: '4.6.request', open: '4.6' } },
};
/** Every operation's refusal of credentials, and what the contract leaves open. */
const COMMON_RULES: Record<string, { rule: string; open?: string }> = {
  '401': { rule: '5.1.1', open: '7.errors-not-shown' },
  default: { rule: '7.errors-not-shown', open: '7.errors-not-shown' },
};
/** The section of the specification whose field table a body's fields follow. */
const BODY_SECTIONS: Record<string, { section: string; rule: string }> = {
  createShipment: { section: '2.3', rule: '4.3.request' },
  createSalesOrder: { section: '2.4', rule: '4.4.request' },
  createImportedShipment: { section: '2.3', rule: '4.5.request' },
  createShipmentDraft: { section: '2.3', rule: '4.6.request' },
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

function response(document: Json, operationId: string, key: string, node: Json, rules: Record<string, unknown>) {
  const entry = RESPONSE_RULES[operationId]?.[key] ?? COMMON_RULES[key];
  if (!entry)
    throw new Error(`Try it has no rule for ${operationId} answering ${key}: add it to dev/docs/try-it/page.ts.`);
  const resolved = resolve(document, node);
  const content = resolved.content ?? {};
  const types = Object.keys(content);
  const validator = types.map((type) => refName(content[type].schema)).find(Boolean);
  const judged: TryItResponse = {
    rule: entry.rule,
    types,
    required: Object.entries<Json>(resolved.headers ?? {})
      .filter(([, header]) => resolve(document, header).required)
      .map(([name]) => name),
  };
  if (validator && !('partial' in entry)) judged.validator = validator;
  if ('partial' in entry) judged.partial = true;
  if (entry.open) judged.open = entry.open;
  if (operationId === 'requestCarrierSetup')
    judged.fieldRules = Object.fromEntries(
      ['status', 'url', 'expires_at'].filter((f) => `2.1.${f}` in rules).map((f) => [f, `2.1.${f}`]),
    );
  return judged;
}

/** What the panel knows of each operation and of the rules, from the bundle and the rule map. */
export function tryItContract(
  document: Json,
  ruleMap: { rules: Array<{ id: string; kind: 'stated' | 'open'; rule: string }> },
  hostedSandbox: string | null,
): TryItContract {
  const rules = Object.fromEntries(ruleMap.rules.map(({ id, kind, rule }) => [id, { kind, rule }]));
  const items: Array<[string, Json]> = [
    ...Object.entries<Json>(document.paths),
    ...Object.values<Json>(document.components.pathItems ?? {}).map((item) => ['{url}', item] as [string, Json]),
  ];
  const operations: TryItOperation[] = items.flatMap(([route, item]) =>
    METHODS.filter((method) => item[method]).map((method) => {
      const operation = item[method];
      const id: string = operation.operationId;
      const responses = Object.fromEntries(
        Object.entries<Json>(operation.responses).map(([key, node]) => [key, response(document, id, key, node, rules)]),
      );
      const described: TryItOperation = {
        operationId: id,
        method: method.toUpperCase() as 'GET' | 'POST',
        path: route,
        summary: operation.summary,
        responses,
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
            properties.filter((p) => `${section.section}.${p}` in rules).map((p) => [p, `${section.section}.${p}`]),
          ),
          example: startingBody(document, content),
        };
      }
      return described;
    }),
  );
  for (const id of Object.values(RESPONSE_RULES).flatMap((byKey) => Object.values(byKey).map((entry) => entry.rule)))
    if (!(id in rules)) throw new Error(`Try it judges under rule ${id}, which openapi/rules.yaml does not have.`);
  return { operations, rules, hostedSandbox };
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
  const loopback = /^(127(\.\d+){3}|localhost|\[::1\])$/.test(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
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

/** The panel's script, its style and its data block, ready to put into the page. */
export function tryItAssets(
  hostedSandbox: string | null,
  { document = JSON.parse(readFileSync(BUNDLE_JSON, 'utf8')), validators }: TryItSources = {},
): { script: string; style: string; data: string } {
  const ruleMap = parse(readFileSync(path.join(root, 'openapi/rules.yaml'), 'utf8'));
  const contract = tryItContract(document, ruleMap, hostedSandbox);
  const bundle = (alias: Record<string, string>) =>
    buildSync({
      entryPoints: [path.join(root, 'dev/docs/try-it/panel.ts')],
      bundle: true,
      write: false,
      minify: true,
      format: 'iife',
      target: 'es2022',
      platform: 'browser',
      conditions: ['shipping-api-source'],
      legalComments: 'none',
      charset: 'utf8',
      logLevel: 'silent',
      alias,
    });
  // The validators the build has just made, where it gives them, rather than the copy on disk.
  const built = validators
    ? withTempDir('shipping-try-it-', (dir) => {
        writeFileSync(path.join(dir, 'validators.js'), validators);
        return bundle({ 'shipping-api-v3-contract/validators': path.join(dir, 'validators.js') });
      })
    : bundle({});
  const script = built.outputFiles[0]!.text.trim();
  const style = readFileSync(path.join(root, 'dev/docs/try-it/panel.css'), 'utf8').trim();
  // JSON in a <script> block: `<` escaped, so that no text of the contract can close the block.
  const json = JSON.stringify(contract).replaceAll('<', '\\u003c');
  return { script, style, data: `<script type="application/json" id="${CONTRACT_ELEMENT_ID}">${json}</script>` };
}
