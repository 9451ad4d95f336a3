// The rules of the specification that `conform` judges, by their id in openapi/rules.yaml (in the
// map's own words, rule-text.ts), and the report that gathers what each check found about each rule
// into one verdict per rule.
import { RULE_TEXT } from './rule-text.ts';

/**
 * pass or fail: a stated rule held or broke. observed: what the server does where the specification
 * leaves it open, or sets no measure to judge by ("up to several minutes", a suggested interval).
 */
export type Verdict = 'pass' | 'fail' | 'observed' | 'skipped';

type RuleKind = 'stated' | 'open';

/** The ids of the rules conform reports, in the order it reports them. */
const REPORTED = [
  '4.1.response',
  '2.1.status',
  '2.1.url',
  '2.1.expires_at',
  '2.1.expires_at.format',
  '2.1.other-fields',
  '3.no-request',
  '4.1.step-1',
  '3.REQUESTED',
  '3.IN_PROGRESS',
  '8.generation-time',
  '8.polling-interval',
  '8.rate-limit',
  '7.errors-not-shown',
  '4.2.returns',
  '4.2.range',
  '4.2.media-type',
  '8.url-lifetime',
  '3.after-expiry',
  '5.1.1',
  '5.1.3',
  '5.2.2',
  '5.2.7',
  '4.3.request',
  '4.3.response',
  '4.4.request',
  '4.4.response',
  '4.5.request',
  '4.6.request',
  '5.2.4',
  '5.2.3',
  '5.2.5',
  '5.2.8',
  '4.5.partner-id-storage',
] as const;

/**
 * The rules conform reports, in the order it reports them: id, kind and the rule's words, from the
 * rule map (rule-text.ts, made by `npm run build` from openapi/rules.yaml).
 * @internal exported for its test (tests/conform/sandbox.test.ts)
 */
export const RULES: readonly (readonly [id: string, kind: RuleKind, rule: string])[] = REPORTED.map((id) => {
  const text = RULE_TEXT[id];
  if (!text) throw new Error(`conform: no rule ${id} in openapi/rules.yaml`);
  return [id, ...text] as const;
});

/** One rule as reported: its verdict, and what the checks found, in the order they found it. */
export interface RuleVerdict {
  id: string;
  kind: RuleKind;
  rule: string;
  verdict: Verdict;
  /** For a fail, the failures first; for a skip, the reasons. */
  details: string[];
}

type Note = { kind: 'pass' | 'fail' | 'observe' | 'skip'; text: string };

/** What the checks found, rule by rule; each rule's verdict is made from all its notes at the end. */
export class Report {
  readonly #notes = new Map<string, Note[]>();

  /** The rule held here. */
  pass(id: string, text: string): void {
    this.#add(id, 'pass', text);
  }

  /** The rule broke here. */
  fail(id: string, text: string): void {
    this.#add(id, 'fail', text);
  }

  /** What the server does on a point the specification leaves open, or a remark on a stated rule. */
  observe(id: string, text: string): void {
    this.#add(id, 'observe', text);
  }

  /** This check of the rule could not be made, and why. */
  skip(id: string, reason: string): void {
    this.#add(id, 'skip', reason);
  }

  #add(id: string, kind: Note['kind'], text: string): void {
    const rule = RULES.find(([known]) => known === id);
    if (!rule) throw new Error(`conform: no rule ${id} in its list`);
    if (rule[1] === 'open' && (kind === 'pass' || kind === 'fail'))
      throw new Error(`conform: ${id} is left open by the specification; it is observed, not passed or failed`);
    const notes = this.#notes.get(id) ?? [];
    if (!notes.some((note) => note.kind === kind && note.text === text)) notes.push({ kind, text });
    this.#notes.set(id, notes);
  }

  /** One verdict per rule that any check reported, in the order of RULES. */
  verdicts(): RuleVerdict[] {
    const verdicts: RuleVerdict[] = [];
    for (const [id, kind, rule] of RULES) {
      const notes = this.#notes.get(id);
      if (!notes) continue;
      const has = (k: Note['kind']) => notes.some((note) => note.kind === k);
      const verdict: Verdict = has('fail')
        ? 'fail'
        : has('pass')
          ? 'pass'
          : has('observe') && (kind === 'open' || !has('skip'))
            ? 'observed'
            : 'skipped';
      const texts = (k: Note['kind']) => notes.filter((note) => note.kind === k).map((note) => note.text);
      const details =
        verdict === 'fail'
          ? [...texts('fail'), ...texts('pass'), ...texts('observe')]
          : verdict === 'skipped'
            ? [...texts('skip'), ...texts('observe')]
            : [...texts('pass'), ...texts('observe'), ...texts('skip').map((reason) => `not checked: ${reason}`)];
      verdicts.push({ id, kind, rule, verdict, details });
    }
    return verdicts;
  }
}
