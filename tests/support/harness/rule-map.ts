// The rule map of the specification, openapi/rules.yaml, and its checker: every entry points at
// where the contract states the rule (or marks it open) and at the tests that prove it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pointerGet } from 'shipping-api-v3-contract';
import { parse } from 'yaml';
import { root } from '../../../dev/paths.ts';

const ruleMapPath = path.join(root, 'openapi/rules.yaml');
export const contractDir = path.join(root, 'openapi');

export interface RuleEntry {
  id: string;
  section: string;
  rule: string;
  kind: 'stated' | 'open';
  at: string[];
  test: string[];
}

/** An id: the section, then one or more dot-separated names (`2.2.Carrier.code`, `5.1.3`). */
const ID = /^\d+(?:\.\d+)*(?:\.[A-Za-z0-9_-]+)+$/;

/**
 * The ids a test source carries in its titles. A title starts with its ids in brackets, each
 * followed by a space: `it('[2.2.Carrier.code] a carrier code …')`, or, in a table whose rows
 * become titles, `rule: '[2.2.Carrier.code] a carrier code …'`.
 */
export function titleIds(source: string): string[] {
  const ids: string[] = [];
  for (const [, tags] of source.matchAll(/['"`]((?:\[[^\]\s'"`]+\] ?)+)/g)) {
    for (const [, id] of tags!.matchAll(/\[([^\]]+)\]/g)) if (ID.test(id!)) ids.push(id!);
  }
  return ids;
}

/** Splits `<file under openapi/>#<JSON pointer>`. */
export function splitAt(at: string): { file: string; pointer: string } {
  const hash = at.indexOf('#');
  return hash < 0 ? { file: at, pointer: '' } : { file: at.slice(0, hash), pointer: at.slice(hash + 1) };
}

const parsedFiles = new Map<string, unknown>();
function load(file: string): unknown {
  if (!parsedFiles.has(file)) parsedFiles.set(file, parse(readFileSync(file, 'utf8')));
  return parsedFiles.get(file);
}

/** The node at `<file>#<pointer>`, the file taken under `dir` (the contract's folder by default). */
function resolveAt(at: string, dir = contractDir): { found: true; node: unknown } | { found: false; why: string } {
  const { file, pointer } = splitAt(at);
  const full = path.join(dir, file);
  if (!file || !existsSync(full)) return { found: false, why: `no file ${file || '(none)'}` };
  const result = pointerGet(load(full), pointer);
  return result.found
    ? { found: true, node: result.value }
    : { found: false, why: `pointer ${pointer} does not resolve in ${file}` };
}

const asList = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

export function loadRuleMap(file = ruleMapPath): unknown {
  return parse(readFileSync(file, 'utf8'));
}

/** Every *.test.ts under `dir`, as paths relative to `base`. */
function testFilesUnder(dir: string, base = root): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => /\.test\.ts$/.test(name))
    .map((name) => path.relative(base, path.join(dir, name)).split(path.sep).join('/'))
    .sort();
}

export interface CheckOptions {
  /** The folder the `at` files are under. */
  contractDir?: string;
  /** The folder the `test` files are relative to. */
  root?: string;
  /** The test files, relative to `root`, whose titles may carry ids. */
  testFiles?: string[];
}

/**
 * Every problem of a rule map, as one line each; none for a map that holds. A map holds when every
 * entry has an id (unique, starting with its section), a rule, a kind, at least one `at` that
 * resolves (with `x-unspecified` there for an open rule) and at least one test file that exists
 * (carrying the id in a title for a stated rule), and when every id in a test title is in the map.
 */
export function checkRuleMap(map: unknown, options: CheckOptions = {}): string[] {
  const dir = options.contractDir ?? contractDir;
  const base = options.root ?? root;
  const testFiles = options.testFiles ?? testFilesUnder(path.join(base, 'tests'), base);
  const problems: string[] = [];
  const entries = (map as { rules?: unknown })?.rules;
  if (!Array.isArray(entries)) return ['the map has no list `rules`'];
  const sources = new Map<string, string | undefined>();
  const source = (file: string) => {
    if (!sources.has(file)) {
      const full = path.join(base, file);
      sources.set(file, existsSync(full) ? readFileSync(full, 'utf8') : undefined);
    }
    return sources.get(file);
  };

  const seen = new Set<string>();
  entries.forEach((entry: any, index) => {
    const id = typeof entry?.id === 'string' ? entry.id : undefined;
    const name = id ?? `entry ${index}`;
    if (!id) problems.push(`${name}: no id`);
    else {
      if (!ID.test(id)) problems.push(`${name}: the id is not <section>.<name>`);
      if (seen.has(id)) problems.push(`${name}: the id is used twice`);
      seen.add(id);
      if (typeof entry.section !== 'string' || !id.startsWith(`${entry.section}.`))
        problems.push(`${name}: the id does not start with its section`);
    }
    if (typeof entry?.rule !== 'string' || !entry.rule.trim()) problems.push(`${name}: no rule`);
    if (entry?.kind !== 'stated' && entry?.kind !== 'open') problems.push(`${name}: kind is neither stated nor open`);

    const ats = asList(entry?.at);
    if (ats.length === 0) problems.push(`${name}: no at`);
    for (const at of ats) {
      if (typeof at !== 'string') {
        problems.push(`${name}: an at is not a string`);
        continue;
      }
      const resolved = resolveAt(at, dir);
      if (!resolved.found) problems.push(`${name}: at ${at}: ${resolved.why}`);
      else if (entry.kind === 'open') {
        const marker = (resolved.node as any)?.['x-unspecified'];
        if (typeof marker !== 'string' || !marker.trim())
          problems.push(`${name}: at ${at}: an open rule, but no x-unspecified there`);
      }
    }

    const tests = asList(entry?.test);
    if (tests.length === 0) problems.push(`${name}: no test`);
    for (const test of tests) {
      const text = typeof test === 'string' ? source(test) : undefined;
      if (text === undefined) problems.push(`${name}: test ${String(test)} does not exist`);
      else if (entry.kind === 'stated' && id && !titleIds(text).includes(id))
        problems.push(`${name}: test ${test} has no title with [${id}]`);
    }
  });

  for (const file of testFiles) {
    for (const id of new Set(titleIds(source(file) ?? ''))) {
      if (!seen.has(id)) problems.push(`${file}: a test title carries [${id}], which is not in the map`);
    }
  }
  return problems;
}
