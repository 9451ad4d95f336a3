// A full garbage collection between two rebuilds of `npm run dev`: a rebuild makes and drops some
// 100 MB (the bundle, the page, the linters' documents), and V8, left to itself, keeps the memory it
// grew to between collections, so that the process's memory creeps up over a session. Collected once
// the rebuild is served, it costs the next save nothing. V8 lends its `gc` function only to code
// that asks with --expose-gc, which v8.setFlagsFromString grants here.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');

/** Collects this thread's garbage, fully. */
export const collectGarbage = runInNewContext('gc') as () => void;
