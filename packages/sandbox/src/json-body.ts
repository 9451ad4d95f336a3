// JSON bodies, read by secure-json-parse as Fastify's own parser reads them, with the reasons kept:
// an empty body and text that is not JSON get 400 (with where JSON.parse stopped); a key that could
// change an object's prototype (__proto__, or prototype inside constructor) gets 400; a number a
// double cannot hold gets 422, where JSON.parse would make it 0 or Infinity (a reviver reads the
// source text of each number that reads as 0 or Infinity). Only a refused body is walked, to name
// the JSON pointer of each key or number at fault.
// JSON.parse with a reviver is five times as slow as without (secure-json-parse took about 23 µs
// against 5 µs for the bench's shipment, some 10% of a POST's CPU time), so the reviver reads only
// a text that could hold such a number: one regular expression finds every one, and almost no
// ordinary body.
import type { FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { beyondDouble, beyondDoubleMessage } from 'shipping-api-v3-client';
import { pointerSegment } from 'shipping-api-v3-contract';
import { type ProblemItem, SandboxProblem } from './problems.ts';

/** How many problems of one kind an answer lists; a body can hold thousands. */
const MAX_LISTED = 20;
const PROTECTED = { protoAction: 'error', constructorAction: 'error' } as const;
/** What secure-json-parse throws on such a key. */
const POISONED = 'Object contains forbidden prototype property';

// A number whose exponent has at most two digits (|e| <= 99) overflows only with at least 210
// digits before its point, and underflows only with at least 224 zeros after it; any other number a
// double cannot hold has an exponent of three digits or more. A run is matched from its first digit
// only, so that a body of long runs costs one pass.
const MAY_BE_BEYOND_DOUBLE = /[eE][+-]?\d{3}|(?<!\d)\d{200}/;

/** In the parsed body, in place of a number a double cannot hold, until the body is refused. */
class BeyondDouble {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}
let beyondFound = 0;

function reviver(_key: string, value: unknown, context?: { source?: string }): unknown {
  if (typeof value !== 'number' || (value !== 0 && Number.isFinite(value)) || context?.source === undefined)
    return value;
  const readsAs = beyondDouble(context.source);
  if (readsAs === undefined) return value;
  beyondFound += 1;
  return new BeyondDouble(beyondDoubleMessage(context.source, readsAs));
}

/** Each value of `root`, with its JSON pointer and its key, in the text's order, until visit returns false. */
function walk(root: unknown, visit: (value: unknown, pointer: string, key: string | undefined) => boolean): void {
  const stack: [unknown, string, string | undefined][] = [[root, '', undefined]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [value, pointer, key] = top;
    if (!visit(value, pointer, key)) return;
    if (typeof value !== 'object' || value === null) continue;
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [name, child] = entries[i]!;
      stack.push([child, `${pointer}/${pointerSegment(name)}`, name]);
    }
  }
}

/** ", and more" when more than MAX_LISTED were found (the walks stop at one more). */
const andMore = (found: unknown[]) => (found.length > MAX_LISTED ? ', and more' : '');

function refusePrototypeKeys(body: unknown): never {
  const found: (ProblemItem & { what: string })[] = [];
  walk(body, (value, pointer, key) => {
    if (typeof value !== 'object' || value === null) return true;
    if (Object.hasOwn(value, '__proto__'))
      found.push({
        pointer: `${pointer}/__proto__`,
        what: 'the key "__proto__"',
        message: "is a key that could change an object's prototype; rename it",
      });
    if (key === 'constructor' && Object.hasOwn(value, 'prototype'))
      found.push({
        pointer: `${pointer}/prototype`,
        what: 'the key "prototype" inside "constructor"',
        message: 'is a key that, inside "constructor", could change an object\'s prototype; rename it',
      });
    return found.length <= MAX_LISTED;
  });
  const listed = found.slice(0, MAX_LISTED);
  const keys = `${listed.map((f) => `${f.what} at ${f.pointer}`).join(', ')}${andMore(found)}`;
  const rename = `Rename the key${found.length > 1 ? 's' : ''}`;
  throw new SandboxProblem(
    400,
    `The body has ${keys}; the sandbox refuses keys that could change an object's prototype. ${rename}.`,
    listed.map(({ pointer, message }) => ({ pointer, message })),
  );
}

function refuseNumbers(body: unknown): never {
  const found: ProblemItem[] = [];
  walk(body, (value, pointer) => {
    if (value instanceof BeyondDouble) found.push({ pointer, message: value.message });
    return found.length <= MAX_LISTED;
  });
  const listed = found.slice(0, MAX_LISTED);
  const numbers = `${listed.map((f) => `${f.pointer || '/'} ${f.message}`).join('; ')}${andMore(found)}`;
  throw new SandboxProblem(422, `The body has a number that a double cannot hold: ${numbers}.`, listed);
}

/** A JSON body as a value, or a SandboxProblem that says what is wrong with it, and where. */
function parseJsonBody(text: string): unknown {
  if (text.length === 0) {
    throw new SandboxProblem(400, 'The body is empty: send a JSON document.', [{ pointer: '', message: 'is empty' }]);
  }
  beyondFound = 0;
  let value: unknown;
  try {
    const revive = MAY_BE_BEYOND_DOUBLE.test(text) ? (reviver as secureJson.Reviver) : null;
    value = secureJson.parse(text, revive, PROTECTED);
  } catch (error) {
    if (error instanceof RangeError)
      throw new SandboxProblem(400, 'The body nests arrays or objects too deeply to be read (thousands of levels).', [
        { pointer: '', message: 'is nested too deeply' },
      ]);
    // A byte order mark is read past, as secure-json-parse does.
    if ((error as Error).message === POISONED) refusePrototypeKeys(JSON.parse(text.replace(/^\uFEFF/, '')));
    throw new SandboxProblem(400, `The body is not JSON: ${(error as Error).message}.`, [
      { pointer: '', message: 'is not JSON' },
    ]);
  }
  if (beyondFound > 0) refuseNumbers(value);
  return value;
}

/** parseJsonBody as a Fastify content type parser (parseAs: 'string'). */
export function jsonBodyParser(
  _request: FastifyRequest,
  body: string | Buffer,
  done: (error: Error | null, value?: unknown) => void,
): void {
  let value: unknown;
  try {
    value = parseJsonBody(typeof body === 'string' ? body : body.toString('utf8'));
  } catch (error) {
    done(error as Error, undefined);
    return;
  }
  done(null, value);
}
