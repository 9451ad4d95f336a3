// JSON bodies, read by secure-json-parse as Fastify's own parser reads them: an empty body and text
// that is not JSON get 400; a key that could change an object's prototype (__proto__, or prototype
// inside constructor) gets 400; a number a double cannot hold gets 422, where JSON.parse would make
// it 0 or Infinity. A reviver reads the source text of such a number, but only in a text that one
// regular expression flags, because a reviver makes parsing several times as slow. Only a refused
// body is walked, to name the JSON pointer of each key or number at fault.
import type { FastifyRequest } from 'fastify';
import secureJson from 'secure-json-parse';
import { beyondDouble, beyondDoubleMessage } from 'shipping-api-v3-contract/internal';
import { pointerSegment } from 'shipping-api-v3-contract';
import { type ProblemItem, SandboxProblem } from './problems.ts';

/** How many faults an answer lists; a body can hold thousands. */
const MAX_LISTED = 20;
// A number whose exponent has at most two digits overflows only with at least 210 digits before its
// point, and underflows only with at least 224 zeros after it; any other number a double cannot hold
// has an exponent of three digits or more. A run is matched from its first digit only.
const MAY_BE_BEYOND_DOUBLE = /[eE][+-]?\d{3}|(?<!\d)\d{200}/;
const PROTOTYPE_KEY = /\/(__proto__|constructor\/prototype)$/;

/** In the parsed body, in place of a number a double cannot hold, until the body is refused. */
class BeyondDouble {
  readonly message: string;
  constructor(message: string) {
    this.message = message;
  }
}

function reviver(_key: string, value: unknown, context?: { source?: string }): unknown {
  const zeroOrInfinite = typeof value === 'number' && (value === 0 || !Number.isFinite(value));
  const readsAs = zeroOrInfinite && context?.source !== undefined ? beyondDouble(context.source) : undefined;
  return readsAs === undefined ? value : new BeyondDouble(beyondDoubleMessage(context!.source!, readsAs));
}

type Fault = ProblemItem & { pointer: string };

/** Each value at fault in `root`, in the text's order, up to one more than MAX_LISTED. */
function faults(root: unknown, fault: (value: unknown, pointer: string) => string | undefined): Fault[] {
  const found: Fault[] = [];
  const stack: [unknown, string][] = [[root, '']];
  for (let top = stack.pop(); top && found.length <= MAX_LISTED; top = stack.pop()) {
    const [value, pointer] = top;
    const message = fault(value, pointer);
    if (message !== undefined) found.push({ pointer, message });
    else if (typeof value === 'object' && value !== null)
      for (const [key, child] of Object.entries(value).reverse())
        stack.push([child, `${pointer}/${pointerSegment(key)}`]);
  }
  return found;
}

function refuse(status: number, what: string, found: Fault[], show: (fault: Fault) => string): never {
  const listed = found.slice(0, MAX_LISTED);
  const more = found.length > MAX_LISTED ? ', and more' : '';
  throw new SandboxProblem(status, `The body has ${what}: ${listed.map(show).join('; ')}${more}.`, listed);
}

/** A JSON body as a value, or a SandboxProblem that says what is wrong with it, and where. */
function parseJsonBody(text: string): unknown {
  if (text.length === 0)
    throw new SandboxProblem(400, 'The body is empty: send a JSON document.', [{ pointer: '', message: 'is empty' }]);
  const revive = MAY_BE_BEYOND_DOUBLE.test(text) ? (reviver as secureJson.Reviver) : null;
  let value: unknown;
  try {
    value = secureJson.parse(text, revive, { protoAction: 'error', constructorAction: 'error' });
  } catch (error) {
    if (error instanceof RangeError)
      throw new SandboxProblem(400, 'The body nests arrays or objects too deeply to be read (thousands of levels).', [
        { pointer: '', message: 'is nested too deeply' },
      ]);
    // What secure-json-parse throws on such a key; the text is read again, as it was, to find them.
    if ((error as Error).message === 'Object contains forbidden prototype property') {
      const keys = faults(JSON.parse(text.replace(/^\uFEFF/, '')), (_value, pointer) =>
        PROTOTYPE_KEY.test(pointer) ? "is a key that could change an object's prototype; rename it" : undefined,
      );
      const what = "a key that could change an object's prototype, which the sandbox refuses (rename it)";
      refuse(400, what, keys, (f) => f.pointer);
    }
    throw new SandboxProblem(400, `The body is not JSON: ${(error as Error).message}.`, [
      { pointer: '', message: 'is not JSON' },
    ]);
  }
  if (revive === null) return value;
  const numbers = faults(value, (v) => (v instanceof BeyondDouble ? v.message : undefined));
  if (numbers.length > 0)
    refuse(422, 'a number that a double cannot hold', numbers, (f) => `${f.pointer || '/'} ${f.message}`);
  return value;
}

/** parseJsonBody as a Fastify content type parser (parseAs: 'string'): Fastify answers what it throws. */
export const jsonBodyParser = (_request: FastifyRequest, body: string, done: (error: null, value: unknown) => void) =>
  done(null, parseJsonBody(body));
