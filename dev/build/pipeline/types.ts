// generated/schema.d.ts with openapi-typescript's Node API, from the bundle in memory, with its
// default options (the settings of its command line when given no flags). It validates the document
// with its own Redocly engine and rules; the contract's lint is the project's own (lint.ts).
//
// The types are made in a thread of their own (types-thread.ts), asked for as soon as the bundle is
// made (steps.ts), so that they are made beside the reference, which renders on this thread:
// openapi-typescript, with the TypeScript compiler and the Redocly engine it brings, takes a sixth of
// a cold `npm run build` to load and run. The thread keeps the process alive only while it has work.
import { Worker } from 'node:worker_threads';

type Answer = { id: number; source?: string; error?: string };

let thread: Worker | undefined;
let next = 0;
const waiting = new Map<number, { resolve: (source: string) => void; reject: (error: Error) => void }>();

function typesThread(): Worker {
  if (thread) return thread;
  const started = new Worker(new URL('./types-thread.ts', import.meta.url));
  started.on('message', ({ id, source, error }: Answer) => {
    const request = waiting.get(id);
    waiting.delete(id);
    if (waiting.size === 0) started.unref();
    if (error !== undefined) request?.reject(new Error(error));
    else request?.resolve(source!);
  });
  // A thread that stops fails what it was asked; the next request starts another.
  const failAll = (error: Error) => {
    if (thread === started) thread = undefined;
    for (const request of waiting.values()) request.reject(error);
    waiting.clear();
  };
  started.on('error', failAll);
  started.on('exit', (code) => failAll(new Error(`the types thread stopped (exit code ${code})`)));
  thread = started;
  return started;
}

/** The types last asked for, and the bundle they are made from. */
let last: { json: string; source: Promise<string> } | undefined;

/** The types of a bundle (its JSON text), made in the types thread; the same bundle asked again is made once. */
export function typesSource(json: string): Promise<string> {
  if (last?.json === json) return last.source;
  const worker = typesThread();
  const id = ++next;
  const source = new Promise<string>((resolve, reject) => waiting.set(id, { resolve, reject }));
  worker.ref();
  worker.postMessage({ id, json });
  // A rejection is for the step that takes the types; types asked for early and never taken are no failure.
  source.catch(() => {});
  last = { json, source };
  return source;
}
