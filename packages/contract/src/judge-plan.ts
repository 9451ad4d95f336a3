// What the judge knows of the contract, compiled from the bundled description: every operation (the
// download at the absolute url of a COMPLETED status included), the responses it documents as the
// contract spells their keys (`200`, `2XX`, `default`), their headers with the name of the generated
// validator of each header's schema, their media types, the validator of their body, and the
// contract's own words where a shape is left open. A plan is plain JSON, so that a page can carry it.
import { pointerGet, pointerSegment } from './json-pointer.ts';

export interface PlanHeader {
  name: string;
  required: boolean;
  /** The generated validator of the header's schema (shipping-api-v3-contract/validators). */
  validator: string;
  /** The schema reads the header's text as a number (Content-Length). */
  numeric: boolean;
}

export interface PlanContent {
  /** The media types the contract names (`*\/*` for any). */
  types: string[];
  /** The generated validator of the body, by the name of its component schema. */
  validator?: string;
  /** Why the body is not judged: the contract's x-unspecified words (or description) where it gives no schema. */
  open?: string;
}

export interface PlanResponse {
  /** As the contract spells it: `200`, `2XX`, `default`. */
  key: string;
  /** The rule of openapi/rules.yaml that asks for this answer. */
  rule: string;
  /** The rule of openapi/rules.yaml that leaves open what is not judged of this response. */
  open?: string;
  /** The contract's words for what it leaves open of this response, if any (x-unspecified). */
  unspecified?: string;
  headers: PlanHeader[];
  /** None where the contract names no body. */
  content?: PlanContent;
  /** The rule a body problem breaks, by the first key of its JSON pointer (`status` → 2.1.status). */
  fieldRules?: Record<string, string>;
  /** Addresses this response hands out to another operation (links with x-server-url `$response.body#…`). */
  links?: Array<{ operationId: string; pointer: string }>;
}

export interface PlanOperation {
  operationId: string;
  method: 'GET' | 'POST';
  /** The path under the base URL, or `{url}` for an operation at an address another answer gave. */
  path: string;
  responses: PlanResponse[];
}

export interface JudgePlan {
  operations: PlanOperation[];
}

/**
 * The rules of openapi/rules.yaml under which each documented response is judged, by operation and
 * response key (`401` and `default` are the same for every operation): `rule` asks for its status,
 * headers and body; `open` is the rule that leaves what is not judged open. This table names rules,
 * not facts: the statuses, headers, media types and schemas all come from the bundle.
 */
const RESPONSE_RULES: Record<string, Record<string, { rule: string; open?: string }>> = {
  requestCarrierSetup: { '2XX': { rule: '4.1.response' } },
  downloadCarrierSetupFile: {
    '200': { rule: '4.2.returns', open: '4.2.media-type' },
    '206': { rule: '4.2.range', open: '4.2.media-type' },
    '416': { rule: '4.2.range', open: '7.errors-not-shown' },
  },
  // A creation's answer is not shown: its rule is the open one, so nothing of it passes.
  createShipment: { '2XX': { rule: '4.3.response', open: '4.3.response' } },
  createSalesOrder: { '2XX': { rule: '4.4.response', open: '4.4.response' } },
  createImportedShipment: { '2XX': { rule: '4.5.response', open: '4.5.response' } },
  createShipmentDraft: { '2XX': { rule: '4.6.response', open: '4.6.response' } },
  '*': {
    '401': { rule: '5.1.1', open: '7.errors-not-shown' },
    default: { rule: '7.errors-not-shown', open: '7.errors-not-shown' },
  },
};

/** A body problem of a carrier setup status breaks the rule of its field (section 2.1). */
const FIELD_RULES: Record<string, Record<string, string>> = {
  requestCarrierSetup: { status: '2.1.status', url: '2.1.url', expires_at: '2.1.expires_at' },
};

/** Every rule id the plan can name, for the test that holds them against openapi/rules.yaml. */
export const JUDGED_RULES: readonly string[] = [
  ...new Set([
    ...Object.values(RESPONSE_RULES).flatMap((byKey) =>
      Object.values(byKey).flatMap(({ rule, open }) => (open ? [rule, open] : [rule])),
    ),
    ...Object.values(FIELD_RULES).flatMap((byField) => Object.values(byField)),
    '5.2.7',
  ]),
];

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/**
 * The name of the generated validator of a header's schema: `<Component>Header` for a header of
 * `#/components/headers`, `<Operation><key><Name>Header` for one written in a response.
 */
export function headerValidatorName(operationId: string, key: string, name: string, ref?: string): string {
  const component = ref?.match(/^#\/components\/headers\/([^/]+)$/)?.[1];
  return component ? `${pascal(component)}Header` : `${pascal(operationId)}${key}${pascal(name)}Header`;
}

type Json = any;

/** The object a `$ref` of the bundle points at (through any chain of them), or the object itself. */
function resolve(document: Json, node: Json): Json {
  let at = node;
  for (let hops = 0; typeof at?.$ref === 'string' && hops < 16; hops += 1)
    at = pointerGet(document, at.$ref.slice(1)).value;
  return at;
}

const refName = (node: Json): string | undefined =>
  typeof node?.$ref === 'string' ? node.$ref.split('/').pop() : undefined;

/** Every header schema of every documented response: the validator's name and where its schema is. */
export function headerSchemas(document: Json): Array<{ validator: string; pointer: string; schema: Json }> {
  const found = new Map<string, { validator: string; pointer: string; schema: Json }>();
  for (const { operation, pointer } of operationsOf(document)) {
    for (const [key, node] of Object.entries<Json>(operation.responses ?? {})) {
      const response = resolve(document, node);
      const at = typeof node?.$ref === 'string' ? node.$ref.slice(1) : `${pointer}/responses/${key}`;
      for (const [name, header] of Object.entries<Json>(response.headers ?? {})) {
        const validator = headerValidatorName(operation.operationId, key, name, header?.$ref);
        const headerAt = typeof header?.$ref === 'string' ? header.$ref.slice(1) : `${at}/headers/${name}`;
        found.set(validator, { validator, pointer: `${headerAt}/schema`, schema: resolve(document, header).schema });
      }
    }
  }
  return [...found.values()];
}

/** The operations of the bundle: under paths, and in components.pathItems (at `{url}`). */
function operationsOf(
  document: Json,
): Array<{ operation: Json; method: 'GET' | 'POST'; path: string; pointer: string }> {
  const items: Array<[string, string, Json]> = [
    ...Object.entries<Json>(document.paths ?? {}).map(
      ([route, item]) => [route, `/paths/${pointerSegment(route)}`, item] as [string, string, Json],
    ),
    ...Object.entries<Json>(document.components?.pathItems ?? {}).map(
      ([name, item]) => ['{url}', `/components/pathItems/${pointerSegment(name)}`, item] as [string, string, Json],
    ),
  ];
  return items.flatMap(([path, pointer, item]) =>
    (['get', 'post'] as const)
      .filter((method) => item[method])
      .map((method) => ({
        operation: item[method],
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        pointer: `${pointer}/${method}`,
      })),
  );
}

function rulesOf(operationId: string, key: string): { rule: string; open?: string } {
  const rule = RESPONSE_RULES[operationId]?.[key] ?? RESPONSE_RULES['*']![key];
  if (!rule) throw new Error(`The judge has no rule for ${operationId} answering ${key}: add it to RESPONSE_RULES.`);
  return rule;
}

function planContent(response: Json): PlanContent | undefined {
  const content = response.content;
  if (!content || Object.keys(content).length === 0) return undefined;
  const types = Object.keys(content);
  const entries = types.map((type) => content[type]);
  const validator = entries.map((entry) => refName(entry.schema)).find(Boolean);
  if (validator) return { types, validator };
  const open = entries.map((entry) => entry['x-unspecified']).find(Boolean) ?? response['x-unspecified'];
  return { types, open: open ?? 'the contract gives no schema for this body' };
}

function planLinks(document: Json, response: Json): PlanResponse['links'] {
  const links = Object.values<Json>(response.links ?? {}).flatMap((link) => {
    const server: unknown = link['x-server-url'];
    const target =
      typeof link.operationRef === 'string' ? pointerGet(document, link.operationRef.slice(1)).value : undefined;
    const operationId = (target as Json)?.operationId ?? link.operationId;
    if (typeof server !== 'string' || !server.startsWith('$response.body#') || typeof operationId !== 'string')
      return [];
    return [{ operationId, pointer: server.slice('$response.body#'.length) }];
  });
  return links.length > 0 ? links : undefined;
}

/** The judge's plan of a bundled description. */
export function judgePlan(document: Json): JudgePlan {
  return {
    operations: operationsOf(document).map(({ operation, method, path }) => {
      const operationId: string = operation.operationId;
      return {
        operationId,
        method,
        path,
        responses: Object.entries<Json>(operation.responses ?? {}).map(([key, node]) => {
          const response = resolve(document, node);
          const planned: PlanResponse = {
            key,
            ...rulesOf(operationId, key),
            headers: Object.entries<Json>(response.headers ?? {}).map(([name, header]) => {
              const resolved = resolve(document, header);
              const type = resolved.schema?.type;
              return {
                name,
                required: resolved.required === true,
                validator: headerValidatorName(operationId, key, name, header?.$ref),
                numeric: type === 'integer' || type === 'number',
              };
            }),
          };
          if (typeof response['x-unspecified'] === 'string') planned.unspecified = response['x-unspecified'];
          const content = planContent(response);
          if (content) planned.content = content;
          if (content?.validator && FIELD_RULES[operationId]) planned.fieldRules = FIELD_RULES[operationId];
          const links = planLinks(document, response);
          if (links) planned.links = links;
          return planned;
        }),
      };
    }),
  };
}
