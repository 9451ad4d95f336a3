// What the panel knows of the contract, made from the bundle and openapi/rules.yaml when the page is
// rendered (page.ts), and read by the page from its JSON data block: per operation its method, path,
// example body and validator, and per response the rule that asks for it, the validator of its body,
// its required headers, or the open rule that leaves its shape unjudged.

/** A rule of openapi/rules.yaml: stated by the specification, or left open by it. */
export interface TryItRule {
  kind: 'stated' | 'open';
  rule: string;
}

export interface TryItResponse {
  /** The rule that asks for this answer: its status, its headers, its body. */
  rule: string;
  /** The media types the contract names for the body ('*\/*' for any); none when it names no body. */
  types: string[];
  /** The generated validator of the body, by name. */
  validator?: string;
  /** For a body validated against a carrier setup status, the field whose rule a problem breaks (`2.1.<field>`). */
  fieldRules?: Record<string, string>;
  /** The body is a byte range of the file: judged once the ranges are joined, not alone. */
  partial?: true;
  /** The open rule that leaves the body's shape unjudged, or a section of the specification that gives no shape. */
  open?: string;
  /** The headers the contract requires on this answer. */
  required: string[];
}

export interface TryItOperation {
  operationId: string;
  method: 'GET' | 'POST';
  /** The path under the base URL, or `{url}` for the download. */
  path: string;
  summary: string;
  /** The request body: its validator, its rule, the rules of its fields (`2.3.<field>`), and the example it starts from. */
  body?: { validator: string; rule: string; fieldRules: Record<string, string>; example: unknown };
  /** By status code, class (`2XX`) or `default`, as the contract gives them. */
  responses: Record<string, TryItResponse>;
}

export interface TryItContract {
  operations: TryItOperation[];
  rules: Record<string, TryItRule>;
  /** The base URL of a hosted sandbox the page was built to reach (DOCS_SANDBOX_URL), or null. */
  hostedSandbox: string | null;
}

/** The id of the page's data block. */
export const CONTRACT_ELEMENT_ID = 'try-it-contract';
