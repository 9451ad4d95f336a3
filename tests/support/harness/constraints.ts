// The rule map read the other way: from every constraint of the bundle back to the rule that
// states it. A constraint is what refuses something: a schema keyword that checks a value, a status
// code, a media type, a required header, parameter or body. Each must be
//   - traced: a stated rule of openapi/rules.yaml has an `at` that names it by its own pointer (the
//     keyword's, such as …/properties/code/pattern, or the status code's, the media type's, the
//     `required` of a header or body); an `at` that names only the schema around it does not, so
//     that a keyword added beside a traced one is seen; or
//   - marked x-http-standard: HTTP fixes it, and the marker names the RFC; or
//   - for a status code, a media type or a required header, marked x-unspecified: the object says
//     what the specification leaves open about it (the 2XX of a creation, the */* of a download).
// An x-unspecified on a schema justifies none of its keywords: it says what is left open, and a
// keyword closes something.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { pointerGet, pointerKeys, pointerSegment } from 'shipping-api-v3-contract/json-pointer';
import { contractDir, type RuleEntry, splitAt } from './rule-map.ts';

/** Schema keywords that refuse values, with the values of them that refuse nothing. */
const SCHEMA_KEYWORDS: Record<string, (value: unknown) => boolean> = {
  pattern: () => true,
  required: (value) => Array.isArray(value) && value.length > 0,
  enum: () => true,
  const: () => true,
  minItems: (value) => value !== 0,
  maxItems: () => true,
  minimum: () => true,
  maximum: () => true,
  exclusiveMinimum: () => true,
  exclusiveMaximum: () => true,
  minLength: (value) => value !== 0,
  maxLength: () => true,
  format: () => true,
  not: () => true,
  additionalProperties: (value) => value === false,
  unevaluatedProperties: (value) => value === false,
  unevaluatedItems: (value) => value === false,
  multipleOf: () => true,
  minProperties: (value) => value !== 0,
  maxProperties: () => true,
  uniqueItems: (value) => value === true,
  minContains: () => true,
  maxContains: () => true,
  contains: () => true,
  propertyNames: () => true,
  dependentRequired: () => true,
  // A choice among subschemas refuses what none (anyOf) or not exactly one (oneOf) of them accepts.
  oneOf: (value) => Array.isArray(value) && value.length > 0,
  anyOf: (value) => Array.isArray(value) && value.length > 0,
};

const SUBSCHEMA = ['items', 'contains', 'not', 'if', 'then', 'else', 'propertyNames', 'additionalProperties'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

export interface Constraint {
  /** The JSON pointer of the constraint in the document walked. */
  pointer: string;
  /** The pointer of the object that holds it (a schema, a response, a media type, a header), for reports. */
  holder: string;
  /** What it is: a schema keyword, `status 401`, `media type application/json`, `required header`, `false schema`. */
  what: string;
  kind: 'schema' | 'http';
  /** The markers that may justify it: x-http-standard, and for HTTP constraints x-unspecified. */
  marked: boolean;
}

const marker = (node: any, name: string) => typeof node?.[name] === 'string' && node[name].trim() !== '';

/** Every constraint of an OpenAPI document (the bundle) or, with `schemaOnly`, of a JSON Schema. */
export function constraintsOf(document: any, { schemaOnly = false } = {}): Constraint[] {
  const found: Constraint[] = [];
  /** The target of a `$ref` inside the document, for the markers of a response or header given by reference. */
  const deref = (node: any): any => {
    if (typeof node?.$ref !== 'string' || !node.$ref.startsWith('#/')) return node;
    return pointerGet(document, node.$ref.slice(1)).value;
  };

  const schema = (node: any, at: string, holderMarked: boolean): void => {
    if (node === false) {
      found.push({ pointer: at, holder: at, what: 'false schema', kind: 'schema', marked: holderMarked });
      return;
    }
    if (!node || typeof node !== 'object' || typeof node.$ref === 'string') return;
    const marked = holderMarked || marker(node, 'x-http-standard');
    for (const [keyword, refuses] of Object.entries(SCHEMA_KEYWORDS)) {
      if (keyword in node && refuses(node[keyword]))
        found.push({ pointer: `${at}/${keyword}`, holder: at, what: keyword, kind: 'schema', marked });
    }
    for (const key of SUBSCHEMA) {
      // `additionalProperties: false` is counted as that keyword, not again as a false schema.
      if (key === 'additionalProperties' && node[key] === false) continue;
      if (key in node && node[key] !== true) schema(node[key], `${at}/${key}`, marked);
    }
    for (const key of SUBSCHEMA_LISTS)
      for (const [i, sub] of (node[key] ?? []).entries()) schema(sub, `${at}/${key}/${i}`, marked);
    for (const key of SUBSCHEMA_MAPS)
      for (const [name, sub] of Object.entries(node[key] ?? {}))
        schema(sub, `${at}/${key}/${pointerSegment(name)}`, marked);
  };

  const http = (pointer: string, what: string, node: any, markers: string[], holder = pointer) => {
    const target = deref(node);
    found.push({
      pointer,
      holder,
      what,
      kind: 'http',
      marked: markers.some((name) => marker(target, name)),
    });
  };

  const header = (node: any, at: string) => {
    // A header given by reference is walked where it is defined, in components.headers.
    if (typeof node?.$ref === 'string') return;
    if (node?.required === true)
      http(`${at}/required`, 'required header', node, ['x-http-standard', 'x-unspecified'], at);
    schema(node?.schema, `${at}/schema`, marker(node, 'x-http-standard'));
  };
  const content = (node: any, at: string) => {
    for (const [type, media] of Object.entries<any>(node?.content ?? {})) {
      const where = `${at}/content/${pointerSegment(type)}`;
      http(where, `media type ${type}`, media, ['x-http-standard', 'x-unspecified']);
      schema(media?.schema, `${where}/schema`, false);
    }
  };
  const response = (node: any, at: string) => {
    if (!node || typeof node !== 'object' || typeof node.$ref === 'string') return;
    for (const [name, sub] of Object.entries(node.headers ?? {})) header(sub, `${at}/headers/${pointerSegment(name)}`);
    content(node, at);
  };
  const operation = (node: any, at: string) => {
    for (const [i, parameter] of (node.parameters ?? []).entries()) {
      if (typeof parameter?.$ref !== 'string' && parameter?.required === true)
        http(
          `${at}/parameters/${i}/required`,
          `required parameter ${parameter.name}`,
          parameter,
          ['x-http-standard'],
          `${at}/parameters/${i}`,
        );
      if (typeof parameter?.$ref !== 'string') schema(parameter?.schema, `${at}/parameters/${i}/schema`, false);
    }
    if (node.requestBody && typeof node.requestBody.$ref !== 'string') {
      if (node.requestBody.required === true)
        http(`${at}/requestBody/required`, 'required body', node.requestBody, ['x-http-standard'], `${at}/requestBody`);
      content(node.requestBody, `${at}/requestBody`);
    }
    for (const [code, sub] of Object.entries<any>(node.responses ?? {})) {
      const where = `${at}/responses/${pointerSegment(code)}`;
      http(where, `status ${code}`, sub, ['x-http-standard', 'x-unspecified']);
      response(sub, where);
    }
  };
  const pathItem = (node: any, at: string) => {
    for (const method of METHODS) if (node?.[method]) operation(node[method], `${at}/${method}`);
  };

  if (schemaOnly) {
    // The root of a schema document may be only a reference into its own $defs.
    schema(document, '', false);
    if (typeof document?.$ref === 'string')
      for (const [name, sub] of Object.entries(document.$defs ?? {}))
        schema(sub, `/$defs/${pointerSegment(name)}`, false);
    return found;
  }
  for (const [name, item] of Object.entries(document.paths ?? {})) pathItem(item, `/paths/${pointerSegment(name)}`);
  const components = document.components ?? {};
  for (const [name, item] of Object.entries(components.pathItems ?? {}))
    pathItem(item, `/components/pathItems/${pointerSegment(name)}`);
  for (const [name, sub] of Object.entries(components.schemas ?? {}))
    schema(sub, `/components/schemas/${pointerSegment(name)}`, false);
  for (const [name, sub] of Object.entries<any>(components.parameters ?? {})) {
    const at = `/components/parameters/${pointerSegment(name)}`;
    if (sub?.required === true) http(`${at}/required`, `required parameter ${sub.name}`, sub, ['x-http-standard'], at);
    schema(sub?.schema, `${at}/schema`, marker(sub, 'x-http-standard'));
  }
  for (const [name, sub] of Object.entries(components.headers ?? {}))
    header(sub, `/components/headers/${pointerSegment(name)}`);
  for (const [name, sub] of Object.entries(components.responses ?? {}))
    response(sub, `/components/responses/${pointerSegment(name)}`);
  return found;
}

const sources = new Map<string, unknown>();
function source(file: string, dir: string): unknown {
  const full = path.join(dir, file);
  if (!sources.has(full)) sources.set(full, existsSync(full) ? parse(readFileSync(full, 'utf8')) : undefined);
  return sources.get(full);
}

/**
 * Where a pointer of the bundle comes from in the contract's sources: `<file under openapi/>#<pointer>`.
 * The walk starts at openapi.yaml, or, for a component Redocly gathered from its own file, at
 * components/<kind>/<Name>.yaml, and follows every `$ref` to another file on the way.
 */
export function sourceOf(bundlePointer: string, dir = contractDir): string | undefined {
  const keys = pointerKeys(bundlePointer) ?? [];
  let file = 'openapi.yaml';
  let pointer: string[] = [];
  let rest = keys;
  const root = source(file, dir) as any;
  if (keys[0] === 'components' && keys.length >= 3 && !root?.components?.[keys[1]!]?.[keys[2]!]) {
    file = `components/${keys[1]}/${keys[2]}.yaml`;
    rest = keys.slice(3);
  }
  const resolve = (): any => {
    let node: any = source(file, dir);
    for (const key of pointer) node = node?.[key];
    return node;
  };
  const jump = () => {
    // A node that is only a reference to another file stands for that file's node.
    for (let node = resolve(); typeof node?.$ref === 'string' && !node.$ref.startsWith('#'); node = resolve()) {
      const { file: target, pointer: inside } = splitAt(node.$ref);
      file = path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
      pointer = inside ? (pointerKeys(inside) ?? []) : [];
    }
  };
  jump();
  for (const key of rest) {
    pointer.push(key);
    if (resolve() === undefined) return undefined;
    jump();
  }
  return `${file}#${pointer
    .map((key) => pointerSegment(key))
    .map((key) => `/${key}`)
    .join('')}`;
}

/** An `at` of the rule map as sourceOf writes it: `<file>#<pointer>`, the pointer empty for the whole file. */
const normalAt = (at: string) => {
  const { file, pointer } = splitAt(at);
  return `${file}#${pointer}`;
};

/** The `at` of every stated rule, each with the ids that name it. */
function tracedPlaces(rules: RuleEntry[]): Map<string, string[]> {
  const places = new Map<string, string[]>();
  for (const rule of rules) {
    if (rule.kind !== 'stated') continue;
    for (const at of rule.at) places.set(normalAt(at), [...(places.get(normalAt(at)) ?? []), rule.id]);
  }
  return places;
}

/**
 * Every constraint that is neither traced to a stated rule nor marked, as one line naming its JSON
 * pointer, what it is, and where it comes from in the sources. `locate` turns a pointer of the
 * document into its place in the sources (sourceOf for the bundle).
 */
export function untraced(
  constraints: Constraint[],
  rules: RuleEntry[],
  locate: (pointer: string) => string | undefined,
): string[] {
  const places = tracedPlaces(rules);
  const problems: string[] = [];
  for (const constraint of constraints) {
    if (constraint.marked) continue;
    const own = locate(constraint.pointer);
    if (own && places.has(own)) continue;
    problems.push(
      `${constraint.pointer} (${constraint.what}${own ? `, from ${own}` : ''}): no stated rule of openapi/rules.yaml has it in \`at\`, and no marker says where it comes from`,
    );
  }
  return problems;
}
