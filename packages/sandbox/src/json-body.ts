// The sandbox's parser of JSON bodies, in place of Fastify's. An empty body and text that is not
// JSON get 400 (with where JSON.parse stopped); a key that could change an object's prototype
// (__proto__, or prototype inside constructor) gets 400 at its JSON pointer, where Fastify's parser
// only said "not valid JSON"; a number a double cannot hold gets 422 at its JSON pointer, where
// JSON.parse would have made it 0 or Infinity. An ordinary body costs one JSON.parse and three
// regular expressions; only a body they match is scanned (json-scan.ts).
import type { FastifyRequest } from 'fastify';
import { beyondDouble, beyondDoubleMessage, mayHoldBeyondDouble } from 'shipping-api-v3-client';
import { scanJson } from './json-scan.ts';
import { type ProblemItem, SandboxProblem } from './problems.ts';

/** How many problems of one kind an answer lists; a body can hold thousands. */
const MAX_LISTED = 20;

/** A key as it can stand in JSON text, any of its characters written plainly or as \u00XX, then its colon. */
function keyInText(key: string): RegExp {
  const characters = [...key].map((c) => {
    const hex = c.charCodeAt(0).toString(16).padStart(4, '0');
    return `(?:${c}|\\\\u${hex.replace(/[a-f]/g, (d) => `[${d}${d.toUpperCase()}]`)})`;
  });
  return new RegExp(`"${characters.join('')}"\\s*:`);
}

const PROTO_KEY = keyInText('__proto__');
const CONSTRUCTOR_KEY = keyInText('constructor');

interface Found {
  pointer: string;
  /** What the key is, for the detail: the key "__proto__". */
  what: string;
  message: string;
}

function prototypeKeys(json: string): Found[] {
  const found: Found[] = [];
  scanJson(json, (token) => {
    if (token.kind !== 'key') return true;
    if (token.text === '__proto__')
      found.push({
        pointer: token.pointer(),
        what: 'the key "__proto__"',
        message: "is a key that could change an object's prototype; rename it",
      });
    else if (token.text === 'prototype' && token.holderKey === 'constructor')
      found.push({
        pointer: token.pointer(),
        what: 'the key "prototype" inside "constructor"',
        message: 'is a key that, inside "constructor", could change an object\'s prototype; rename it',
      });
    return found.length <= MAX_LISTED;
  });
  return found;
}

function numbersBeyondDouble(json: string): ProblemItem[] {
  const found: ProblemItem[] = [];
  scanJson(json, (token) => {
    if (token.kind !== 'number') return true;
    const readsAs = beyondDouble(token.text);
    if (readsAs !== undefined)
      found.push({ pointer: token.pointer(), message: beyondDoubleMessage(token.text, readsAs) });
    return found.length <= MAX_LISTED;
  });
  return found;
}

/** ", and more" when more than MAX_LISTED were found (the scans stop at one more). */
const andMore = (found: unknown[]) => (found.length > MAX_LISTED ? ', and more' : '');

function refusePrototypeKeys(found: Found[]): never {
  const listed = found.slice(0, MAX_LISTED);
  const keys = listed.map((f) => `${f.what} at ${f.pointer}`).join(', ');
  throw new SandboxProblem(
    400,
    `The body has ${keys}${andMore(found)}; the sandbox refuses keys that could change an object's prototype. Rename the key${found.length > 1 ? 's' : ''}.`,
    listed.map(({ pointer, message }) => ({ pointer, message })),
  );
}

function refuseNumbers(found: ProblemItem[]): never {
  const listed = found.slice(0, MAX_LISTED);
  throw new SandboxProblem(
    422,
    `The body has a number that a double cannot hold: ${listed.map((f) => `${f.pointer || '/'} ${f.message}`).join('; ')}${andMore(found)}.`,
    listed,
  );
}

/** A JSON body as a value, or a SandboxProblem that says what is wrong with it, and where. */
function parseJsonBody(text: string): unknown {
  if (text.length === 0) {
    throw new SandboxProblem(400, 'The body is empty: send a JSON document.', [{ pointer: '', message: 'is empty' }]);
  }
  // A byte order mark is read past, as Fastify's parser did.
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new SandboxProblem(400, `The body is not JSON: ${(error as Error).message}.`, [
      { pointer: '', message: 'is not JSON' },
    ]);
  }
  if (PROTO_KEY.test(json) || CONSTRUCTOR_KEY.test(json)) {
    const found = prototypeKeys(json);
    if (found.length > 0) refusePrototypeKeys(found);
  }
  if (mayHoldBeyondDouble(json)) {
    const found = numbersBeyondDouble(json);
    if (found.length > 0) refuseNumbers(found);
  }
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
