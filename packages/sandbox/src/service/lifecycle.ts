// The carrier setup lifecycle of one API user, outside the HTTP handlers and the store: what a poll
// of GET /setups/carriers answers (specification 3), whether a file address still serves the file,
// and a queued expire_url fault. Each is a pure decision on the account's state; a store applies the
// next state atomically.
import { randomBytes } from 'node:crypto';
import type { ResolvedOptions } from '../config/options.ts';
import {
  type AccountState,
  type Decision,
  EMPTY_ACCOUNT,
  type Fault,
  type Generation,
  MAX_PAST_ADDRESSES,
  takeFault,
} from './state.ts';

/** The answer to a poll: a status with its generation, or throttling with its Retry-After and reason. */
export type PollAnswer =
  | { status: 'REQUESTED' | 'IN_PROGRESS' | 'COMPLETED'; generation: Generation }
  | { throttleSeconds: number; reason: string };

type LifecycleOptions = Pick<ResolvedOptions, 'minPollMs' | 'generationMs' | 'urlTtlMs'>;

const newToken = () => randomBytes(12).toString('base64url');

function newGeneration(state: AccountState, now: number, options: LifecycleOptions): AccountState {
  const completedAt = now + options.generationMs;
  const pastTokens = state.generation ? [...state.pastTokens, state.generation.token] : state.pastTokens;
  return {
    ...state,
    pastTokens: pastTokens.slice(-MAX_PAST_ADDRESSES),
    generation: { token: newToken(), startedAt: now, completedAt, expiresAt: completedAt + options.urlTtlMs },
  };
}

/**
 * A poll at `now`: a queued throttle fault or a poll too close to the previous one is throttled; the
 * first poll, or one after the address expired, starts a generation (REQUESTED); then IN_PROGRESS
 * until the generation time has passed, then COMPLETED.
 */
export function poll(account: AccountState | undefined, now: number, options: LifecycleOptions): Decision<PollAnswer> {
  const state = account ?? EMPTY_ACCOUNT;
  const throttle = takeFault(state, ['throttle']);
  if (throttle.result) {
    return {
      result: {
        throttleSeconds: throttle.result.retryAfterSeconds,
        reason:
          'The sandbox throttles this poll because a "throttle" fault was queued for this API user (POST /_sandbox/faults).',
      },
      next: throttle.next,
    };
  }
  // Another instance's poll may carry a later time than this one's (clocks, or a retried decision).
  const since = Math.max(0, now - (state.lastPollAt ?? Number.NEGATIVE_INFINITY));
  if (options.minPollMs > 0 && since < options.minPollMs) {
    const throttleSeconds = Math.max(1, Math.ceil((options.minPollMs - since) / 1000));
    return {
      result: {
        throttleSeconds,
        reason: `Polled ${since} ms after the previous poll; the sandbox throttles polls closer than ${options.minPollMs} ms apart.`,
      },
    };
  }
  // The time of the poll is kept only where a minimum applies: otherwise a poll that starts nothing
  // changes nothing, and instances polling one account do not contend for it.
  const polled = options.minPollMs > 0 ? { ...state, lastPollAt: now } : undefined;
  const generation = state.generation;
  if (!generation || now >= generation.expiresAt) {
    const next = newGeneration(polled ?? state, now, options);
    return { result: { status: 'REQUESTED', generation: next.generation! }, next };
  }
  return { result: { status: now < generation.completedAt ? 'IN_PROGRESS' : 'COMPLETED', generation }, next: polled };
}

/** What a request of a file address gets: the file (cut after some bytes), or 404 or 410 with a reason. */
export type FileAnswer =
  | { serve: true; cutAfterBytes: number | undefined }
  | { serve: false; status: 404 | 410; reason: string };

const NOT_HERE =
  'No carrier setup file of this API user at this address. Take the url of a COMPLETED status, and send the same Basic credentials.';
const REPLACED =
  'This carrier setup file address has expired: a newer generation replaced it. Call GET /setups/carriers again.';

/** The file address <hash>/<name> asked for at `now` by the API user whose state is `account`. */
export function fileAt(
  account: AccountState | undefined,
  address: { hash: string; name: string },
  now: number,
  setupFileHash: string,
): Decision<FileAnswer> {
  const generation = account?.generation;
  const ours = address.hash === setupFileHash;
  if (!account || !generation || !ours || address.name !== `${generation.token}.json` || now < generation.completedAt) {
    const past = ours && account?.pastTokens.some((token) => address.name === `${token}.json`);
    return {
      result: past ? { serve: false, status: 410, reason: REPLACED } : { serve: false, status: 404, reason: NOT_HERE },
    };
  }
  if (now >= generation.expiresAt) {
    const expiredAt = new Date(generation.expiresAt).toISOString();
    return {
      result: {
        serve: false,
        status: 410,
        reason: `This carrier setup file address expired at ${expiredAt}. Call GET /setups/carriers again: it starts a new generation.`,
      },
    };
  }
  const taken = takeFault(account, ['expire_url', 'cut_download']);
  const fault: Fault | undefined = taken.result;
  if (fault?.fault === 'expire_url') {
    return {
      result: {
        serve: false,
        status: 410,
        reason:
          'This carrier setup file address has expired: an "expire_url" fault was queued for this API user. Call GET /setups/carriers again.',
      },
      next: expireNow(taken.next!, now),
    };
  }
  return {
    result: { serve: true, cutAfterBytes: fault?.fault === 'cut_download' ? fault.afterBytes : undefined },
    next: taken.next,
  };
}

/** Ends the current address now: the next poll starts a new generation. */
function expireNow(state: AccountState, now: number): AccountState {
  const generation = state.generation!;
  return { ...state, generation: { ...generation, expiresAt: Math.min(generation.expiresAt, now) } };
}

/** The queue after POST /_sandbox/faults, and whether an expire_url fault ended the current address at once. */
export function queueFault(
  account: AccountState | undefined,
  fault: Fault,
  now: number,
): Decision<{ faults: Fault[]; expired?: true }> {
  const state = account ?? EMPTY_ACCOUNT;
  const generation = state.generation;
  if (fault.fault === 'expire_url' && generation && now >= generation.completedAt && now < generation.expiresAt) {
    // The current address expires now; nothing waits in the queue.
    return { result: { faults: state.faults, expired: true }, next: expireNow(state, now) };
  }
  const faults = [...state.faults, fault];
  return { result: { faults }, next: { ...state, faults } };
}
