// The words of the specification's rules for `shipping-api conform`, made from the rule map
// (openapi/rules.yaml) so that the command reports each rule in the map's words and has no copy of
// its own: packages/cli/src/conform/rule-text.ts, one line per rule, id → kind and words.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { root } from '../paths.ts';
import { lastMade } from './pipeline/inputs.ts';

export const RULE_TEXT_FILE = 'packages/cli/src/conform/rule-text.ts';

export interface RuleMap {
  rules: Array<{ id: string; kind: 'stated' | 'open'; rule: string }>;
}

const lastRuleMap = lastMade<RuleMap>();

/**
 * The rule map, parsed once per change of its text, for this module and for Try it (a build and each
 * save of `npm run dev` read it twice; a save of the contract rarely changes it). Do not change it.
 */
export const ruleMapOf = (text: string): RuleMap => lastRuleMap(text, () => parse(text) as RuleMap);

/** The module's text, from the rule map's text. */
export function ruleTextModule(ruleMap = readFileSync(path.join(root, 'openapi/rules.yaml'), 'utf8')): string {
  const { rules } = ruleMapOf(ruleMap);
  const lines = rules.map(
    ({ id, kind, rule }) => `  ${JSON.stringify(id)}: [${JSON.stringify(kind)}, ${JSON.stringify(rule)}],`,
  );
  return [
    '// Made by `npm run build` from openapi/rules.yaml (dev/build/rule-text.ts); edit the rule map, not this file.',
    '// biome-ignore format: one line per rule, as the build writes it',
    "export const RULE_TEXT: Readonly<Record<string, readonly [kind: 'stated' | 'open', rule: string]>> = {",
    ...lines,
    '};',
    '',
  ].join('\n');
}
