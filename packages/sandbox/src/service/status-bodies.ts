// The body of a carrier setup status as sent. A COMPLETED body is the same at every poll of its
// generation, so each sandbox makes it once per file address and keeps it.
import type { PollAnswer } from './lifecycle.ts';

/** How many COMPLETED bodies a sandbox keeps; past that, it starts again. */
const KEPT_BODIES = 10_000;

export class StatusBodies {
  readonly #completed = new Map<string, string>();

  /** The body of a status; `fileUrl` gives the address of a completed generation. */
  of(answer: Extract<PollAnswer, { status: string }>, fileUrl: (token: string) => string): string {
    if (answer.status !== 'COMPLETED') return `{"status":"${answer.status}","expires_at":null,"url":null}`;
    const url = fileUrl(answer.generation.token);
    let body = this.#completed.get(url);
    if (body === undefined) {
      if (this.#completed.size >= KEPT_BODIES) this.#completed.clear();
      body = JSON.stringify({
        status: 'COMPLETED',
        expires_at: new Date(answer.generation.expiresAt).toISOString(),
        url,
      });
      this.#completed.set(url, body);
    }
    return body;
  }
}
