// The sandbox's own description, packages/sandbox/openapi.json, made by `npm run build` from two
// sources: the contract's bundle, whose operations (every path, under the API's base path, and the
// download of components.pathItems) are copied with every component they reach, as they are; and
// packages/sandbox/openapi.sandbox.yaml, written by hand: the sandbox's own routes and components,
// and the answers it gives besides the contract (x-sandbox-answers), each a status code the
// contract's operation does not give. So the API's operations can only say what the contract says.
import { isDeepStrictEqual } from 'node:util';
import { pointerKeys } from 'shipping-api-v3-contract/json-pointer';
import { parse } from 'yaml';
import { SANDBOX_DOCUMENT, SANDBOX_SOURCE } from '../paths.ts';

/** The extension that says, at the top of the document, how it is made. */
const MADE_BY = 'x-made-by';

/** The extension of the hand-written source that holds the sandbox's answers, by operationId and status code. */
export const SANDBOX_ANSWERS = 'x-sandbox-answers';

type Json = Record<string, any>;

/** The kinds of components, in the order the description lists them. */
const COMPONENT_KINDS = [
  'securitySchemes',
  'parameters',
  'headers',
  'requestBodies',
  'responses',
  'schemas',
  'examples',
  'links',
  'callbacks',
  'pathItems',
] as const;

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export class SandboxDocumentError extends Error {
  constructor(message: string) {
    super(`${SANDBOX_SOURCE}: ${message}`);
  }
}

/** The path of the API's base URL: the contract's first server, its variables at their defaults. */
export function apiBasePath(bundle: Json): string {
  const server = bundle.servers?.[0];
  if (!server?.url) throw new SandboxDocumentError('the bundle names no server, so the API has no base path.');
  const url = String(server.url).replace(/\{([^}]+)\}/g, (_, name: string) => server.variables?.[name]?.default ?? '');
  return new URL(url).pathname.replace(/\/+$/, '');
}

/** Each `#/components/<kind>/<name>` that a $ref or a link's operationRef in `node` names. */
function componentRefs(node: unknown, found: Array<[string, string]> = []): Array<[string, string]> {
  if (Array.isArray(node)) for (const item of node) componentRefs(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if ((key === '$ref' || key === 'operationRef') && typeof value === 'string') {
        const [root, kind, name] = (value.startsWith('#') && pointerKeys(value.slice(1))) || [];
        if (root === 'components' && kind && name) found.push([kind, name]);
      } else componentRefs(value, found);
    }
  }
  return found;
}

/** The operations of a path item, by method. */
const operationsOf = (item: Json): Json[] =>
  HTTP_METHODS.filter((method) => item[method]).map((method) => item[method] as Json);

/**
 * The contract's part: its path items under the base path, every path item of its components (the
 * download), and every component they reach, the security schemes they use included; all copied.
 */
function contractPart(bundle: Json) {
  const base = apiBasePath(bundle);
  const paths: Json = {};
  for (const [path, item] of Object.entries<Json>(bundle.paths ?? {})) paths[`${base}${path}`] = structuredClone(item);
  const components: Record<string, Json> = {};
  const pending: Array<[string, string]> = Object.keys(bundle.components?.pathItems ?? {}).map((name) => [
    'pathItems',
    name,
  ]);
  pending.push(...componentRefs(paths));
  const items = [...Object.values<Json>(paths)];
  while (pending.length > 0) {
    const [kind, name] = pending.pop()!;
    if (components[kind]?.[name] !== undefined) continue;
    const component = bundle.components?.[kind]?.[name];
    if (component === undefined) throw new SandboxDocumentError(`the bundle has no component ${kind}/${name}.`);
    components[kind] ??= {};
    components[kind][name] = structuredClone(component);
    if (kind === 'pathItems') items.push(components[kind][name]);
    pending.push(...componentRefs(component));
  }
  // In the bundle's order, whatever the order they were reached in.
  for (const kind of Object.keys(components))
    components[kind] = Object.fromEntries(
      Object.keys(bundle.components[kind]).flatMap((name) =>
        components[kind]![name] === undefined ? [] : [[name, components[kind]![name]]],
      ),
    );
  const operations = items.flatMap(operationsOf);
  const schemes = [bundle.security ?? [], ...operations.map((op) => op.security ?? [])].flatMap((requirements) =>
    requirements.flatMap((requirement: Json) => Object.keys(requirement)),
  );
  for (const name of schemes) {
    const scheme = bundle.components?.securitySchemes?.[name];
    if (scheme === undefined) throw new SandboxDocumentError(`the bundle has no security scheme ${name}.`);
    components.securitySchemes ??= {};
    components.securitySchemes[name] = structuredClone(scheme);
  }
  const tagNames = new Set(operations.flatMap((op) => op.tags ?? []));
  const tags = (bundle.tags ?? [])
    .filter((tag: Json) => tagNames.has(tag.name))
    .map((tag: Json) => structuredClone(tag));
  return { paths, components, operations, tags };
}

/** Adds the sandbox's answers to the contract's operations; a code the contract gives is refused. */
function addAnswers(operations: Json[], answers: Json): void {
  for (const [operationId, responses] of Object.entries<Json>(answers)) {
    const operation = operations.find((op) => op.operationId === operationId);
    if (!operation)
      throw new SandboxDocumentError(
        `${SANDBOX_ANSWERS}.${operationId}: the contract has no operation ${operationId}.`,
      );
    for (const [code, response] of Object.entries<Json>(responses)) {
      if (operation.responses?.[code] !== undefined)
        throw new SandboxDocumentError(
          `${SANDBOX_ANSWERS}.${operationId}.${code}: the contract gives ${code} for ${operationId}; the sandbox adds only status codes the contract leaves open.`,
        );
      operation.responses ??= {};
      operation.responses[code] = structuredClone(response);
    }
  }
}

/** The union of the two parts' components; a name both give differently is refused. */
function mergeComponents(contract: Record<string, Json>, own: Json): Json {
  const merged: Json = {};
  for (const kind of [...COMPONENT_KINDS, ...Object.keys(own ?? {})]) {
    if (merged[kind] !== undefined) continue;
    const theirs = contract[kind] ?? {};
    const ours = own?.[kind] ?? {};
    for (const name of Object.keys(ours))
      if (theirs[name] !== undefined && !isDeepStrictEqual(theirs[name], ours[name]))
        throw new SandboxDocumentError(
          `components.${kind}.${name} is a component of the contract too; give the sandbox's own another name.`,
        );
    const both = { ...theirs, ...ours };
    if (Object.keys(both).length > 0) merged[kind] = both;
  }
  return merged;
}

/** The sandbox's description, from the contract's bundle and the hand-written source (its text). */
export function sandboxDocument(bundle: Json, sourceText: string): Json {
  const source = parse(sourceText) as Json;
  const { [SANDBOX_ANSWERS]: answers = {}, paths: ownPaths = {}, components: ownComponents, ...top } = source;
  const contract = contractPart(bundle);
  addAnswers(contract.operations, answers);
  // The contract's operations keep the credentials the contract asks for, whatever the sandbox's default.
  if (!isDeepStrictEqual(top.security ?? [], bundle.security ?? []))
    for (const operation of contract.operations) operation.security ??= structuredClone(bundle.security ?? []);
  for (const path of Object.keys(contract.paths))
    if (ownPaths[path] !== undefined) throw new SandboxDocumentError(`paths.${path} is a path of the contract.`);
  const ownTags: Json[] = top.tags ?? [];
  for (const tag of contract.tags)
    if (ownTags.some((own) => own.name === tag.name))
      throw new SandboxDocumentError(`tags: ${tag.name} is a tag of the contract.`);
  return {
    ...top,
    tags: [...ownTags, ...contract.tags],
    paths: { ...ownPaths, ...contract.paths },
    components: mergeComponents(contract.components, ownComponents),
  };
}

/** The file `npm run build` writes: the description as JSON, with a line saying how it is made. */
export function sandboxDocumentText(bundle: Json, sourceText: string): string {
  const document = sandboxDocument(bundle, sourceText);
  const made = `Made by \`npm run build\` from ${SANDBOX_SOURCE} and the contract's bundle (dev/build/sandbox-document.ts); edit those, not ${SANDBOX_DOCUMENT}.`;
  return `${JSON.stringify({ [MADE_BY]: made, ...document }, null, 2)}\n`;
}
