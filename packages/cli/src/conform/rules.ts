// The rules of the specification that `conform` judges, by their id in openapi/rules.yaml (the
// words are the map's own; a test keeps them equal), and the report that gathers what each check
// found about each rule into one verdict per rule.

/**
 * pass or fail: a stated rule held or broke. observed: what the server does where the specification
 * leaves it open, or sets no measure to judge by ("up to several minutes", a suggested interval).
 */
export type Verdict = 'pass' | 'fail' | 'observed' | 'skipped';

type RuleKind = 'stated' | 'open';

/**
 * The rules conform reports, in the order it reports them: id, kind and the rule's words from openapi/rules.yaml.
 * @internal exported for its test (tests/conform/sandbox.test.ts), which holds it to the map
 */
export const RULES: readonly (readonly [id: string, kind: RuleKind, rule: string])[] = [
  ['4.1.response', 'stated', 'Response: JSON object of the carrier setup status (2.1).'],
  ['2.1.status', 'stated', 'status is one of REQUESTED, IN_PROGRESS, COMPLETED.'],
  [
    '2.1.url',
    'stated',
    'url is an address or null; null until status is COMPLETED; when COMPLETED, the address to download the setup file from.',
  ],
  [
    '2.1.expires_at',
    'stated',
    'expires_at is an ISO 8601 UTC timestamp or null; null until status is COMPLETED; when COMPLETED, the time after which url stops working.',
  ],
  [
    '2.1.expires_at.format',
    'open',
    'expires_at is an "ISO 8601 UTC timestamp"; which ISO 8601 forms are used is not given.',
  ],
  [
    '2.1.other-fields',
    'open',
    'The table of the status lists status, expires_at and url; whether a status may carry other fields is not said.',
  ],
  [
    '3.no-request',
    'stated',
    '(no request yet) → REQUESTED, moved by GET /setups/carriers: file generation is started by this request; expires_at and url are null; generation begins.',
  ],
  ['4.1.step-1', 'stated', '(1) The first call starts generation and returns REQUESTED.'],
  [
    '3.REQUESTED',
    'stated',
    'REQUESTED → IN_PROGRESS, moved by GET /setups/carriers while generation is running; expires_at and url are null.',
  ],
  [
    '3.IN_PROGRESS',
    'stated',
    'IN_PROGRESS → COMPLETED, moved by GET /setups/carriers when generation has finished; expires_at and url are filled in.',
  ],
  ['8.generation-time', 'stated', 'Generation time of the setup file: up to several minutes.'],
  ['8.polling-interval', 'stated', 'Polling interval suggested for GET /setups/carriers: 15 or 30 seconds.'],
  ['8.rate-limit', 'open', 'The numeric request-rate limit that triggers throttling: not shown.'],
  [
    '7.errors-not-shown',
    'open',
    'Error body shape, error codes and HTTP status codes (including the response given when throttled): not shown.',
  ],
  [
    '4.2.returns',
    'stated',
    'GET {url} (address taken from the status response) returns the carrier setup file (2.2), which may be several megabytes.',
  ],
  [
    '4.2.range',
    'stated',
    'A Range request header may be sent to fetch the file in chunks; streaming the response is allowed.',
  ],
  ['4.2.media-type', 'open', 'The file is "one JSON file" (section 1); the media type it is sent with: not shown.'],
  ['8.url-lifetime', 'stated', 'Lifetime of url: until expires_at.'],
  ['3.after-expiry', 'open', 'Behaviour once expires_at has passed: not shown.'],
  ['5.1.1', 'stated', 'Every request is authenticated with HTTP Basic authentication.'],
  [
    '5.1.3',
    'stated',
    'The credentials are an API user (username) and an API key (password). Credentials are encoded, not encrypted, so HTTPS (TLS) is required.',
  ],
  [
    '5.2.2',
    'stated',
    'The header is read on every request, so it may be set once as a default header of the HTTP client.',
  ],
  ['5.2.7', 'stated', 'The Partner ID is never returned in API responses.'],
  [
    '4.3.request',
    'stated',
    'POST {base_url}/shipments: JSON body (Content-Type: application/json) with the fields of 2.3. Optional Partner-ID header.',
  ],
  ['4.3.response', 'open', 'Response shape: not shown.'],
  [
    '4.4.request',
    'stated',
    'POST {base_url}/sales_orders: JSON body with the fields of 2.4. Optional Partner-ID header.',
  ],
  ['4.4.response', 'open', 'Response shape: not shown.'],
  [
    '4.5.request',
    'stated',
    'POST {base_url}/imported_shipments: JSON body; accepts the deprecated partner_id field and the Partner-ID header.',
  ],
  [
    '4.6.request',
    'stated',
    'POST {base_url}/shipment_drafts accepts the Partner-ID header only; it has no partner_id body field.',
  ],
  [
    '5.2.4',
    'stated',
    'The legacy body field partner_id (number) is accepted on POST /shipments, POST /sales_orders and POST /imported_shipments. It is deprecated but works.',
  ],
  [
    '5.2.3',
    'stated',
    'When given on creation, the Partner ID is stored on the created shipment, sales order or shipment draft, for partner reporting.',
  ],
  [
    '5.2.5',
    'stated',
    'When the header and the body field are both present, the header value is stored and the body value is ignored.',
  ],
  ['5.2.8', 'stated', 'A shipment later created from a sales order is stored with the Partner ID of that sales order.'],
  [
    '4.5.partner-id-storage',
    'open',
    'Section 5.2.3 says where the Partner ID is stored (shipment, sales order, shipment draft) and leaves out imported shipments; whether one given alone (header only, or body field only) is stored on an imported shipment is not said.',
  ],
];

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
