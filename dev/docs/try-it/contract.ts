// What the panel knows of the contract, made from the bundle and openapi/rules.yaml when the page is
// rendered (page.ts), and read by the page from its JSON data block: per operation its method, path,
// example body and validator, the rules, and the plan of the contract's judge, which judges answers.
import type { JudgePlan } from 'shipping-api-v3-contract/judge';

/** A rule of openapi/rules.yaml: stated by the specification, or left open by it. */
export interface TryItRule {
  kind: 'stated' | 'open';
  rule: string;
}

export interface TryItOperation {
  operationId: string;
  method: 'GET' | 'POST';
  /** The path under the base URL, or `{url}` for the download. */
  path: string;
  summary: string;
  /** The request body: its validator, its rule, the rules of its fields (`2.3.<field>` where section 2.3 or 2.4 gives them), and the example it starts from. */
  body?: { validator: string; rule: string; fieldRules: Record<string, string>; example: unknown };
}

export interface TryItContract {
  operations: TryItOperation[];
  /** What the contract's judge knows of every operation's answers (shipping-api-v3-contract/judge). */
  judge: JudgePlan;
  rules: Record<string, TryItRule>;
  /** The base URL of a hosted sandbox the page was built to reach (DOCS_SANDBOX_URL), or null. */
  hostedSandbox: string | null;
}

/** The id of the page's data block. */
export const CONTRACT_ELEMENT_ID = 'try-it-contract';
