// The answer judged against the contract: is its status one the operation gives, are the headers the
// contract requires there, does the body validate (by the generated validators), and did the Partner
// ID stay out of it (5.2.7)? Each finding names its rule of openapi/rules.yaml and, in a body, the
// JSON pointer. Where the specification leaves the answer's shape open, the finding is "not judged",
// and so is the verdict: an open shape is never passed.
import { pointerSegment } from 'shipping-api-v3-contract/json-pointer';
import type { TryItContract, TryItOperation, TryItResponse } from './contract.ts';
import { validate } from './validators.ts';

export type Outcome = 'pass' | 'fail' | 'not judged';

export interface Finding {
  outcome: Outcome;
  rule: string;
  pointer?: string;
  text: string;
}

export interface Judgement {
  verdict: 'conforms' | 'breaks the contract' | 'not judged';
  findings: Finding[];
}

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
}

/** The response the contract gives for a status: its code, else its class (2XX), else default. */
export function responseKey(operation: TryItOperation, status: number): string | undefined {
  return [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in operation.responses);
}

const mediaType = (headers: Headers) => (headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();

/** Why a body is not judged: its open rule's words, or the section that gives no shape at all. */
function openReason(contract: TryItContract, open: string): string {
  const rule = contract.rules[open];
  return rule
    ? `left open by the specification: ${rule.rule}`
    : `section ${open} of the specification gives no response`;
}

function parsed(text: string): { data: unknown } | undefined {
  try {
    return { data: JSON.parse(text) };
  } catch {
    return undefined;
  }
}

/** The JSON pointers of every key partner_id in a value. */
function partnerIdKeys(value: unknown, at = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => partnerIdKeys(item, `${at}/${index}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => {
    const pointer = `${at}/${pointerSegment(key)}`;
    return [...(key.toLowerCase() === 'partner_id' ? [pointer] : []), ...partnerIdKeys(item, pointer)];
  });
}

function bodyFindings(contract: TryItContract, response: TryItResponse, answer: Answer): Finding[] {
  if (response.open)
    return [
      {
        outcome: 'not judged',
        rule: response.open,
        text: `The body's shape is ${openReason(contract, response.open)}.`,
      },
    ];
  if (response.partial)
    return [
      {
        outcome: 'not judged',
        rule: response.rule,
        text: 'The body is a byte range of the file: it is judged once the ranges are joined (Poll until COMPLETED downloads in ranges).',
      },
    ];
  if (!response.validator) return [];
  const type = mediaType(answer.headers);
  if (!response.types.includes('*/*') && !response.types.includes(type))
    return [
      {
        outcome: 'fail',
        rule: response.rule,
        text: `The body is served as ${type || 'no media type'}; the contract names ${response.types.join(', ')}.`,
      },
    ];
  const json = parsed(answer.text);
  if (!json)
    return [
      {
        outcome: 'fail',
        rule: response.rule,
        pointer: '',
        text: `The body is not JSON; the contract gives it as ${response.validator}.`,
      },
    ];
  const problems = validate(response.validator, json.data);
  if (problems.length === 0)
    return [{ outcome: 'pass', rule: response.rule, text: `The body validates against ${response.validator}.` }];
  return problems.map(({ pointer, message }) => ({
    outcome: 'fail',
    rule: response.fieldRules?.[pointer.split('/')[1] ?? ''] ?? response.rule,
    pointer,
    text: `The body breaks ${response.validator} at ${pointer || 'its root'}: ${message}.`,
  }));
}

/** The answer of an operation against the contract. */
export function judge(contract: TryItContract, operation: TryItOperation, answer: Answer): Judgement {
  const findings: Finding[] = [];
  const key = responseKey(operation, answer.status);
  const response = key === undefined ? undefined : operation.responses[key];
  if (!response) {
    const rule = Object.values(operation.responses)[0]?.rule ?? '0.not-shown';
    findings.push({
      outcome: 'fail',
      rule,
      text: `Status ${answer.status} is not one the contract gives for this operation (${Object.keys(operation.responses).join(', ')}).`,
    });
  } else {
    if (key === 'default')
      findings.push({
        outcome: 'not judged',
        rule: response.rule,
        text: `Status ${answer.status} is none the contract names; its ${openReason(contract, response.rule).replace(/^left/, 'meaning is left')}.`,
      });
    else
      findings.push({
        outcome: 'pass',
        rule: response.rule,
        text: `Status ${answer.status} is one the contract gives (${key}).`,
      });
    for (const name of response.required) {
      if (answer.headers.get(name) === null)
        findings.push({
          outcome: 'fail',
          rule: response.rule,
          text: `The header ${name} is missing; the contract requires it on a ${key}.`,
        });
      else
        findings.push({
          outcome: 'pass',
          rule: response.rule,
          text: `The header ${name} is there, as the contract requires.`,
        });
    }
    findings.push(...bodyFindings(contract, response, answer));
  }
  const returned = [
    ...(answer.headers.get('partner-id') === null ? [] : ['the header Partner-ID']),
    ...partnerIdKeys(parsed(answer.text)?.data).map((pointer) => `partner_id in the body at ${pointer}`),
  ];
  if (returned.length > 0)
    for (const where of returned)
      findings.push({ outcome: 'fail', rule: '5.2.7', text: `The Partner ID came back: ${where}.` });
  else findings.push({ outcome: 'pass', rule: '5.2.7', text: 'No Partner ID came back, in the headers or the body.' });
  const has = (outcome: Outcome) => findings.some((finding) => finding.outcome === outcome);
  return { verdict: has('fail') ? 'breaks the contract' : has('not judged') ? 'not judged' : 'conforms', findings };
}
