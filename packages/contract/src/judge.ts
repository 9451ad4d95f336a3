// The one judge of an answer against the contract: its status among those the operation documents
// (the code, else its class such as `2XX`, else `default`), its headers by the generated validators
// of their schemas, its media type and body by the generated validator of the body's schema, and the
// Partner ID that never comes back (5.2.7). Every finding names its rule of openapi/rules.yaml and,
// in a body, its JSON pointer. Where the contract leaves a shape open, the finding is "not judged"
// with the contract's own words, and so is the verdict: an open shape is never passed.
//
// `shipping-api conform`, Try it, the HAR check and the client read answers through it. It reads no
// file, so that a page can bundle it: `contractJudge()` of the package's main entry is this judge
// compiled from the package's own bundle.
import type { JudgePlan, PlanOperation, PlanResponse } from './judge-plan.ts';
import type { ValidationProblem, Validator } from './artifacts.ts';
import { pointerGet, pointerSegment, problemLocation } from './json-pointer.ts';

export type { JudgePlan, PlanContent, PlanHeader, PlanOperation, PlanResponse } from './judge-plan.ts';
export { headerSchemas, headerValidatorName, JUDGED_RULES, judgePlan } from './judge-plan.ts';

export type Outcome = 'pass' | 'fail' | 'not judged';

export interface Finding {
  outcome: Outcome;
  /** The rule of openapi/rules.yaml the finding is about. */
  rule: string;
  /** The JSON pointer of the value at fault in the body. */
  pointer?: string;
  /** The header the finding is about. */
  header?: string;
  text: string;
}

export interface Judgement {
  operationId: string;
  /** The response the contract gives for the status, as it spells its key; undefined where it gives none. */
  response: string | undefined;
  verdict: 'conforms' | 'breaks the contract' | 'not judged';
  findings: Finding[];
}

/** An answer as it came: its status, its headers (names in any case), and its body as text or bytes. */
export interface Answer {
  status: number;
  headers: Headers | Record<string, string> | Iterable<[string, string]>;
  body?: string | Uint8Array;
}

/** Where a Content-Range places a range: its first and last byte, and the whole length where given (not `*`). */
export interface ContentRange {
  start: number;
  end: number;
  length: number | undefined;
}

export interface Judge {
  readonly plan: JudgePlan;
  /** The operation by its operationId; throws for one the contract does not have. */
  operation(operationId: string): PlanOperation;
  /** The response the contract documents for a status: its code, else its class (`2XX`), else `default`. */
  response(operationId: string, status: number): PlanResponse | undefined;
  /** The answer of an operation against the contract. */
  judge(operationId: string, answer: Answer): Judgement;
  /**
   * The operation a request is, by its method and its path under `baseUrl`, or else under any base
   * URL whose path ends in /api/public/v3; undefined for none. An operation at `{url}` is never
   * matched by path: its address comes from another answer (see `linked`).
   */
  match(method: string, url: string, baseUrl?: string): { operationId: string; baseUrl: string } | undefined;
  /** The addresses an answer hands out to other operations (the file's url of a COMPLETED status). */
  linked(operationId: string, answer: Answer): Array<{ operationId: string; url: string }>;
  /**
   * A Content-Range header of an operation's answer read by the contract: undefined where the
   * contract's schema for it refuses the value, or it names no range (`bytes *\/4194304`).
   */
  contentRange(operationId: string, status: number, value: string | null): ContentRange | undefined;
}

/** The path of the version 3 public API that every base URL ends in (section 0). */
export const BASE_PATH = '/api/public/v3';

const decoder = new TextDecoder();

function headerGetter(headers: Answer['headers']): (name: string) => string | null {
  if (typeof (headers as Headers).get === 'function') return (name) => (headers as Headers).get(name);
  const entries: Iterable<[string, string]> =
    Symbol.iterator in (headers as object)
      ? (headers as Iterable<[string, string]>)
      : Object.entries(headers as Record<string, string>);
  const byName = new Map<string, string>();
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    byName.set(key, byName.has(key) ? `${byName.get(key)}, ${value}` : value);
  }
  return (name) => byName.get(name.toLowerCase()) ?? null;
}

const bodyText = (body: Answer['body']) =>
  body === undefined ? '' : typeof body === 'string' ? body : decoder.decode(body);

function parsed(text: string): { data: unknown } | undefined {
  if (text.trim() === '') return undefined;
  try {
    return { data: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The JSON pointers of every key partner_id (any case) in a value. */
function partnerIdKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => partnerIdKeys(item, `${at}/${index}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const pointer = `${at}/${pointerSegment(key)}`;
    return [...(key.toLowerCase() === 'partner_id' ? [pointer] : []), ...partnerIdKeys(item, pointer)];
  });
}

/** The media type of the answer, without parameters, in lower case; '' for none. */
const mediaTypeOf = (value: string | null) => (value ?? '').split(';')[0]!.trim().toLowerCase();

function typeNamed(types: string[], type: string): boolean {
  return types.includes('*/*') || types.includes(type) || types.includes(`${type.split('/')[0]}/*`);
}

/** The contract's words inside a sentence of the judge's: no closing stop, a lowercase start where a word starts it. */
const sentence = (text: string) =>
  text
    .trim()
    .replace(/[.\s]+$/, '')
    .replace(/^[A-Z](?=[a-z])/, (letter) => letter.toLowerCase());

/** The rule under which what a response leaves open is reported. */
const openRule = (documented: PlanResponse) => documented.open ?? documented.rule;

/** A judge of the answers of a plan, with the generated validators (of the body and header schemas) by name. */
export const createJudge = (plan: JudgePlan, validators: Record<string, unknown>): Judge =>
  new PlanJudge(plan, validators);

class PlanJudge implements Judge {
  readonly plan: JudgePlan;
  readonly #validators: Record<string, unknown>;
  readonly #byId: Map<string, PlanOperation>;

  constructor(plan: JudgePlan, validators: Record<string, unknown>) {
    this.plan = plan;
    this.#validators = validators;
    this.#byId = new Map(plan.operations.map((operation) => [operation.operationId, operation]));
  }

  #validator(name: string): Validator<unknown> {
    const validator = this.#validators[name];
    if (typeof validator !== 'function') throw new Error(`The contract has no validator ${name}.`);
    return validator as Validator<unknown>;
  }

  operation(operationId: string): PlanOperation {
    const found = this.#byId.get(operationId);
    if (!found) throw new Error(`The contract has no operation ${operationId}.`);
    return found;
  }

  response(operationId: string, status: number): PlanResponse | undefined {
    const { responses } = this.operation(operationId);
    for (const key of [String(status), `${String(status)[0]}XX`, 'default']) {
      const found = responses.find((candidate) => candidate.key === key);
      if (found) return found;
    }
    return undefined;
  }

  #headerFindings(documented: PlanResponse, get: (name: string) => string | null, status: number): Finding[] {
    return documented.headers.flatMap((header): Finding[] => {
      const value = get(header.name);
      if (value === null)
        return header.required
          ? [
              {
                outcome: 'fail',
                rule: documented.rule,
                header: header.name,
                text: `The header ${header.name} is missing; the contract requires it on a ${status}.`,
              },
            ]
          : [];
      const validate = this.#validator(header.validator);
      const read = header.numeric && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
      if (validate(read))
        return [
          {
            outcome: 'pass',
            rule: documented.rule,
            header: header.name,
            text: `The header ${header.name} has the contract's form.`,
          },
        ];
      const problem = validate.errors?.[0] as ValidationProblem | undefined;
      const why = problem?.message ?? 'is not valid';
      const shown = JSON.stringify(value);
      return [
        {
          outcome: 'fail',
          rule: documented.rule,
          header: header.name,
          text: `The header ${header.name}: ${shown} ${why} (the contract's schema of ${header.name}).`,
        },
      ];
    });
  }

  #bodyFindings(documented: PlanResponse, get: (name: string) => string | null, text: string): Finding[] {
    const content = documented.content;
    if (!content)
      return documented.unspecified
        ? [
            {
              outcome: 'not judged',
              rule: openRule(documented),
              text: `The body is not judged: ${sentence(documented.unspecified)}.`,
            },
          ]
        : [];
    const type = mediaTypeOf(get('content-type'));
    if (!typeNamed(content.types, type))
      return [
        {
          outcome: 'fail',
          rule: documented.rule,
          text: `The body is served as ${type || 'no media type'}; the contract names ${content.types.join(', ')}.`,
        },
      ];
    if (!content.validator)
      return [
        {
          outcome: 'not judged',
          rule: openRule(documented),
          text: `The body is not judged: ${sentence(content.open ?? '')}.`,
        },
      ];
    const json = parsed(text);
    if (!json)
      return [
        {
          outcome: 'fail',
          rule: documented.rule,
          pointer: '',
          text: `The body is not JSON; the contract gives it as ${content.validator}.`,
        },
      ];
    const validate = this.#validator(content.validator);
    if (validate(json.data))
      return [{ outcome: 'pass', rule: documented.rule, text: `The body validates against ${content.validator}.` }];
    // A partner_id field is 5.2.7's to report (#partnerIdFindings), not the schema's too.
    const problems = (validate.errors ?? []).filter(
      (problem) => problemLocation(problem).pointer.split('/')[1]?.toLowerCase() !== 'partner_id',
    );
    if (problems.length === 0) return [];
    return problems.map((problem: ValidationProblem): Finding => {
      const located = problemLocation(problem);
      const message = located.message ?? problem.message ?? 'is not valid';
      const field = located.pointer.split('/')[1] ?? '';
      return {
        outcome: 'fail',
        rule: documented.fieldRules?.[field] ?? documented.rule,
        pointer: located.pointer,
        text: `The body breaks ${content.validator} at ${located.pointer || 'its root'}: ${message}.`,
      };
    });
  }

  /** 5.2.7 on every answer: no Partner-ID header, no partner_id anywhere in the body. */
  #partnerIdFindings(get: (name: string) => string | null, text: string): Finding[] {
    const json = parsed(text);
    const returned = [
      ...(get('partner-id') === null ? [] : [{ where: 'the header Partner-ID', header: 'Partner-ID' }]),
      ...(json
        ? partnerIdKeys(json.data).map((pointer) => ({ where: `partner_id in the body at ${pointer}`, pointer }))
        : /partner_id/i.test(text)
          ? [{ where: 'partner_id in the body' }]
          : []),
    ];
    if (returned.length === 0)
      return [{ outcome: 'pass', rule: '5.2.7', text: 'No Partner ID came back, in the headers or the body.' }];
    return returned.map(({ where, ...at }) => ({
      outcome: 'fail',
      rule: '5.2.7',
      ...at,
      text: `The Partner ID came back: ${where}.`,
    }));
  }

  judge(operationId: string, answer: Answer): Judgement {
    const planned = this.operation(operationId);
    const get = headerGetter(answer.headers);
    const text = bodyText(answer.body);
    const documented = this.response(operationId, answer.status);
    const findings: Finding[] = [];
    if (!documented) {
      const keys = planned.responses.map((r) => r.key).join(', ');
      findings.push({
        outcome: 'fail',
        rule: planned.responses[0]?.rule ?? '7.errors-not-shown',
        text: `Status ${answer.status} is not one the contract gives for ${operationId} (${keys}).`,
      });
    } else {
      const open = documented.unspecified
        ? `not specified: ${sentence(documented.unspecified)}`
        : 'its meaning is left open';
      if (documented.key === 'default')
        findings.push({
          outcome: 'not judged',
          rule: documented.rule,
          text: `Status ${answer.status} is none the contract names for ${operationId}; ${open}.`,
        });
      else if (documented.rule === documented.open)
        findings.push({
          outcome: 'not judged',
          rule: documented.rule,
          text: `Status ${answer.status} is of the class the contract gives for ${operationId} (${documented.key}); ${open}.`,
        });
      else
        findings.push({
          outcome: 'pass',
          rule: documented.rule,
          text: `Status ${answer.status} is one the contract gives for ${operationId} (${documented.key}).`,
        });
      findings.push(...this.#headerFindings(documented, get, answer.status));
      if (documented.key !== 'default') findings.push(...this.#bodyFindings(documented, get, text));
    }
    findings.push(...this.#partnerIdFindings(get, text));
    const has = (outcome: Outcome) => findings.some((finding) => finding.outcome === outcome);
    return {
      operationId,
      response: documented?.key,
      verdict: has('fail') ? 'breaks the contract' : has('not judged') ? 'not judged' : 'conforms',
      findings,
    };
  }

  match(method: string, url: string, baseUrl?: string): { operationId: string; baseUrl: string } | undefined {
    const parsedUrl = URL.parse(url);
    if (!parsedUrl) return undefined;
    const { pathname } = parsedUrl;
    const base = baseUrl === undefined ? undefined : URL.parse(baseUrl);
    const basePath = base ? base.pathname.replace(/\/+$/, '') : BASE_PATH;
    if (base && base.origin !== parsedUrl.origin) return undefined;
    const at = base ? (pathname.startsWith(`${basePath}/`) ? 0 : -1) : pathname.lastIndexOf(`${BASE_PATH}/`);
    if (at < 0) return undefined;
    const rest = pathname.slice(at + basePath.length).replace(/\/+$/, '');
    const found = this.plan.operations.find(
      (candidate) => candidate.path === rest && candidate.method === method.toUpperCase(),
    );
    return (
      found && { operationId: found.operationId, baseUrl: `${parsedUrl.origin}${pathname.slice(0, at)}${BASE_PATH}` }
    );
  }

  linked(operationId: string, answer: Answer): Array<{ operationId: string; url: string }> {
    const links = this.response(operationId, answer.status)?.links;
    if (!links) return [];
    const json = parsed(bodyText(answer.body));
    if (!json) return [];
    return links.flatMap(({ operationId: target, pointer }) => {
      const found = pointerGet(json.data, pointer);
      return found.found && typeof found.value === 'string' ? [{ operationId: target, url: found.value }] : [];
    });
  }

  contentRange(operationId: string, status: number, value: string | null): ContentRange | undefined {
    const header = this.response(operationId, status)?.headers.find((h) => h.name.toLowerCase() === 'content-range');
    if (value === null || !header || !this.#validator(header.validator)(value)) return undefined;
    // The schema has fixed the form `<unit> <first>-<last>/<length or *>`: only the numbers are read here.
    const [first, length] = value.slice(value.indexOf(' ') + 1).split('/') as [string, string];
    if (!first.includes('-')) return undefined;
    const [start, end] = first.split('-').map(Number) as [number, number];
    return { start, end, length: length === '*' ? undefined : Number(length) };
  }
}
