// A body over the limit is answered 413 only once the client has sent it: a server that answers and
// closes while the client is still writing resets the connection, and a client such as Node's fetch
// then sees the reset, not the answer. The rest of the body is read and dropped, never kept, up to
// DISCARD_FACTOR times the limit; a larger body is answered at once and its connection closed.
import type { IncomingMessage } from 'node:http';

/** How many times the body limit the sandbox reads and drops so that the client gets its 413. */
export const DISCARD_FACTOR = 32;

/** Reads and drops what is left of `request`'s body; true once it has ended, false past `bound` bytes. */
export function discardBody(request: IncomingMessage, bound: number): Promise<boolean> {
  const declared = Number(request.headers['content-length']);
  if (request.complete || declared > bound) return Promise.resolve(request.complete);
  return new Promise((resolve) => {
    let dropped = 0;
    const settle = (ended: boolean) => {
      request.off('data', onData).off('end', onEnd).off('close', onClose);
      resolve(ended);
    };
    const onData = (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > bound) settle(false);
    };
    const onEnd = () => settle(true);
    const onClose = () => settle(request.complete);
    request.on('data', onData).on('end', onEnd).on('close', onClose);
    request.resume();
  });
}
