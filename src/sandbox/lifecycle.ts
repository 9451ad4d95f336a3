// The carrier setup lifecycle of one API user, outside the HTTP handlers: what a poll of
// GET /setups/carriers answers (specification 3), and whether a file address still serves the file.
import type { ResolvedOptions } from './options.ts';
import type { Account, Fault, Generation } from './state.ts';

const REQUESTED = '{"status":"REQUESTED","expires_at":null,"url":null}';
const IN_PROGRESS = '{"status":"IN_PROGRESS","expires_at":null,"url":null}';

/** The answer to a poll: the status body, or throttling with its Retry-After and reason. */
export type PollAnswer = { status: string } | { throttleSeconds: number; reason: string };

/**
 * A poll at `now`: a queued throttle fault or a poll too close to the previous one is throttled; the
 * first poll, or one after the address expired, starts a generation (REQUESTED); then IN_PROGRESS
 * until the generation time has passed, then COMPLETED with the address `fileUrl` gives.
 */
export function poll(
  account: Account,
  now: number,
  options: ResolvedOptions,
  fileUrl: (generation: Generation) => string,
): PollAnswer {
  const fault = account.faults.length ? account.takeFault('throttle') : undefined;
  if (fault) {
    return {
      throttleSeconds: fault.retryAfterSeconds,
      reason:
        'The sandbox throttles this poll because a "throttle" fault was queued for this API user (POST /_sandbox/faults).',
    };
  }
  const since = now - account.lastPollAt;
  if (since < options.minPollMs) {
    const throttleSeconds = Math.max(1, Math.ceil((options.minPollMs - since) / 1000));
    return {
      throttleSeconds,
      reason: `Polled ${since} ms after the previous poll; the sandbox throttles polls closer than ${options.minPollMs} ms apart.`,
    };
  }
  account.lastPollAt = now;
  const generation = account.generation;
  if (!generation || now >= generation.expiresAt) {
    account.newGeneration(now, options.generationMs, options.urlTtlMs);
    return { status: REQUESTED };
  }
  if (now < generation.completedAt) return { status: IN_PROGRESS };
  generation.completedBody ??= JSON.stringify({
    status: 'COMPLETED',
    expires_at: new Date(generation.expiresAt).toISOString(),
    url: fileUrl(generation),
  });
  return { status: generation.completedBody };
}

/** What a request of a file address gets: the file (cut after some bytes), or 404 or 410 with a reason. */
export type FileAnswer =
  | { serve: true; cutAfterBytes: number | undefined }
  | { serve: false; status: 404 | 410; reason: string };

/** The file address <hash>/<name> asked for at `now` by the API user of `account`. */
export function fileAt(
  account: Account | undefined,
  hash: string,
  name: string,
  now: number,
  options: ResolvedOptions,
): FileAnswer {
  const generation = account?.generation;
  const current =
    generation !== undefined &&
    hash === options.setupFile.hash &&
    name === `${generation.token}.json` &&
    now >= generation.completedAt;
  if (!current || !account) {
    return hash === options.setupFile.hash && account?.isPastAddress(name)
      ? {
          serve: false,
          status: 410,
          reason:
            'This carrier setup file address has expired: a newer generation replaced it. Call GET /setups/carriers again.',
        }
      : {
          serve: false,
          status: 404,
          reason:
            'No carrier setup file of this API user at this address. Take the url of a COMPLETED status, and send the same Basic credentials.',
        };
  }
  if (now >= generation.expiresAt) {
    return {
      serve: false,
      status: 410,
      reason: `This carrier setup file address expired at ${new Date(generation.expiresAt).toISOString()}. Call GET /setups/carriers again: it starts a new generation.`,
    };
  }
  const fault: Fault | undefined = account.faults.length ? account.takeFault('expire_url', 'cut_download') : undefined;
  if (fault?.fault === 'expire_url') {
    expireNow(generation, now);
    return {
      serve: false,
      status: 410,
      reason:
        'This carrier setup file address has expired: an "expire_url" fault was queued for this API user. Call GET /setups/carriers again.',
    };
  }
  return { serve: true, cutAfterBytes: fault?.fault === 'cut_download' ? fault.afterBytes : undefined };
}

/** Ends the address of `generation` now: the next poll starts a new generation. */
export function expireNow(generation: Generation, now: number): void {
  generation.expiresAt = Math.min(generation.expiresAt, now);
  generation.completedBody = undefined;
}
