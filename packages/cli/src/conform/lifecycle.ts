// The carrier setup lifecycle as the server shows it: GET /setups/carriers polled at the interval
// given (15 s by default, as the specification suggests) until COMPLETED, one poll sent at once after
// the first to see how the server throttles, and the order of the states judged (specification 3).
import { CarrierSetupStatus, type components } from 'shipping-api-v3-contract';
import { THROTTLING_STATUSES } from 'shipping-api-v3-client';
import { retryAfterMs } from 'shipping-api-v3-client/internal';
import type { Report } from './rules.ts';
import { body, type Exchange, NetworkFailure } from './traffic.ts';
import { setTimeout as delay } from 'node:timers/promises';
import { mediaType } from './answers.ts';

type Status = components['schemas']['CarrierSetupStatus'];
export type Completed = Extract<Status, { status: 'COMPLETED' }>;

export interface Poller {
  /** One GET /setups/carriers with the given credentials. */
  poll(): Promise<Exchange>;
  pollIntervalMs: number;
  timeoutMs: number;
  signal: AbortSignal;
  onStatus?: (text: string) => void;
}

/** What the polls showed: every answer and each status in order, and why polling stopped short of COMPLETED. */
export interface Polled {
  polls: Exchange[];
  statuses: { status: Status; exchange: Exchange }[];
  /** Why the polling stopped before COMPLETED. */
  stopped?: string;
  /** A poll got no answer. */
  unreachable?: boolean;
  /** The run's --timeout ended the polling: a limit of the run, not of the specification. */
  timedOut?: boolean;
  startedAt: number;
}

const RANK = { REQUESTED: 0, IN_PROGRESS: 1, COMPLETED: 2 } as const;
/** The suggested interval (section 8): polls this far apart are not excessive. */
const SUGGESTED_MS = 15_000;

/** Waits `ms`, or until the run is aborted, then rejects with the abort's reason. */
const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  delay(ms, undefined, { signal }).catch((error: unknown) => {
    throw signal.aborted ? signal.reason : error;
  });

/** How a throttled answer looked, in a few words. */
function throttleText(exchange: Exchange): string {
  const retryAfter = exchange.headers.get('Retry-After');
  const waiting = retryAfter === null ? ' without Retry-After' : ` with Retry-After: ${retryAfter}`;
  const type = mediaType(exchange);
  return `${exchange.status}${waiting}${type ? `, ${type}` : ''}`;
}

/** One poll's answer read: a status valid against the contract, throttled, or the reason to stop. */
function readPoll(exchange: Exchange, polled: Polled): 'status' | 'throttled' | 'stop' {
  polled.polls.push(exchange);
  if (THROTTLING_STATUSES.has(exchange.status)) return 'throttled';
  const data = body.json(exchange);
  if (exchange.status < 200 || exchange.status > 299 || !CarrierSetupStatus(data)) {
    // The check of every answer against the contract says what is wrong with a 2XX answer.
    polled.stopped = `poll ${polled.polls.length} answered ${exchange.status} without a carrier setup status the contract allows`;
    return 'stop';
  }
  polled.statuses.push({ status: data, exchange });
  return 'status';
}

/**
 * Polls from `first` (the answer to the first call) until COMPLETED, a status that breaks the
 * contract, or the timeout. The second poll goes at once, to see what the server does with it.
 */
export async function pollUntilCompleted(poller: Poller, first: Exchange): Promise<Polled> {
  const polled: Polled = { polls: [], statuses: [], startedAt: first.receivedAt };
  let outcome = readPoll(first, polled);
  let wait = 0;
  while (outcome !== 'stop' && polled.statuses.at(-1)?.status.status !== 'COMPLETED') {
    const last = polled.statuses.at(-1)?.status.status;
    if (last) poller.onStatus?.(`${last} (poll ${polled.polls.length}); next poll in ${Math.ceil(wait / 1000)} s`);
    if (Date.now() + wait - polled.startedAt > poller.timeoutMs) {
      polled.stopped = `no COMPLETED status within ${poller.timeoutMs / 1000} s (--timeout); the last was ${last ?? 'none'}`;
      polled.timedOut = true;
      break;
    }
    await sleep(wait, poller.signal);
    let exchange: Exchange;
    try {
      exchange = await poller.poll();
    } catch (error) {
      if (!(error instanceof NetworkFailure)) throw error;
      polled.stopped = `poll ${polled.polls.length + 1}: ${error.message}`;
      polled.unreachable = true;
      break;
    }
    outcome = readPoll(exchange, polled);
    const asked = retryAfterMs(exchange.headers.get('Retry-After'), Date.now()) ?? 0;
    wait = outcome === 'throttled' ? Math.max(poller.pollIntervalMs, asked) : poller.pollIntervalMs;
  }
  return polled;
}

/** 3.no-request and 4.1.step-1: the first call returns REQUESTED, unless a generation was under way. */
function judgeFirst(polled: Polled, report: Report): void {
  const [answer] = polled.polls;
  const first = polled.statuses[0]?.exchange === answer ? polled.statuses[0]!.status.status : undefined;
  for (const rule of ['3.no-request', '4.1.step-1']) {
    if (first === 'REQUESTED') report.pass(rule, 'the first call returned REQUESTED, expires_at and url null');
    else
      report.skip(
        rule,
        first
          ? `the first call returned ${first}: a generation of this account was under way already (run again once its address has expired)`
          : `the first call was answered ${answer!.status}, with no carrier setup status`,
      );
  }
}

/** The order of the states: REQUESTED → IN_PROGRESS → COMPLETED, never a step back. */
function judgeOrder(polled: Polled, report: Report): void {
  const states = polled.statuses.map(({ status }) => status.status);
  for (let i = 1; i < states.length; i += 1) {
    const [before, after] = [states[i - 1]!, states[i]!];
    if (RANK[after] < RANK[before]) report.fail(`3.${before}`, `poll ${i + 1} stepped back from ${before} to ${after}`);
  }
  const seen = (state: keyof typeof RANK) => states.includes(state);
  const requestedLater = states.some((state, i) => state !== 'REQUESTED' && states.slice(0, i).includes('REQUESTED'));
  if (seen('REQUESTED') && requestedLater)
    report.pass(
      '3.REQUESTED',
      seen('IN_PROGRESS')
        ? 'REQUESTED, then IN_PROGRESS, with expires_at and url null'
        : 'REQUESTED, then COMPLETED at the next poll (IN_PROGRESS was not seen: a poll can miss it, and whether the service may skip it is not specified)',
    );
  else report.skip('3.REQUESTED', seen('REQUESTED') ? 'no state after REQUESTED came' : 'REQUESTED was not seen');
  const completed = polled.statuses.find(({ status }) => status.status === 'COMPLETED')?.status as
    | Completed
    | undefined;
  if (completed)
    report.pass(
      '3.IN_PROGRESS',
      `COMPLETED${seen('IN_PROGRESS') ? ' after IN_PROGRESS' : ''}, with expires_at and url filled in`,
    );
  else report.skip('3.IN_PROGRESS', 'COMPLETED was not reached');
}

/** The fields of each status, what the specification leaves open about them, and the timing rules. */
function judgeFields(polled: Polled, report: Report): void {
  const states = polled.statuses.map(({ status }) => status.status);
  if (states.length > 0) {
    const counts = new Map<string, number>();
    for (const state of states) counts.set(state, (counts.get(state) ?? 0) + 1);
    report.pass('2.1.status', `states seen: ${[...counts].map(([state, n]) => `${state} ×${n}`).join(', ')}`);
    const pending = states.some((s) => s !== 'COMPLETED') ? 'null while pending' : '';
    const filled = states.includes('COMPLETED') ? 'filled in at COMPLETED' : '';
    for (const rule of ['2.1.url', '2.1.expires_at']) report.pass(rule, [pending, filled].filter(Boolean).join(', '));
    const extra = [...new Set(polled.statuses.flatMap(({ status }) => Object.keys(status)))].filter(
      (key) => !['status', 'expires_at', 'url'].includes(key),
    );
    report.observe(
      '2.1.other-fields',
      extra.length ? `statuses carry also: ${extra.join(', ')}` : 'statuses carry status, expires_at and url only',
    );
  }
  const completed = polled.statuses.find(({ status }) => status.status === 'COMPLETED');
  if (completed) {
    report.observe('2.1.expires_at.format', `expires_at written as ${(completed.status as Completed).expires_at}`);
    const seconds = ((completed.exchange.receivedAt - polled.startedAt) / 1000).toFixed(1);
    if (states[0] === 'COMPLETED')
      report.skip('8.generation-time', 'the first call returned COMPLETED: the generation was not seen');
    // "Up to several minutes" sets no limit to judge by: the time is observed.
    else report.observe('8.generation-time', `COMPLETED ${seconds} s after the first poll`);
  }
}

/** How the server throttles: the poll sent at once after the first, and polls at the suggested interval. */
function judgeThrottling(polled: Polled, pollIntervalMs: number, report: Report): void {
  const throttled = (exchange: Exchange) => THROTTLING_STATUSES.has(exchange.status);
  const probe = polled.polls[1];
  if (probe) {
    const gap = probe.receivedAt - polled.polls[0]!.receivedAt;
    report.observe(
      '8.rate-limit',
      throttled(probe)
        ? `a poll sent at once after the first (${gap} ms later) was throttled: ${throttleText(probe)}`
        : `a poll sent at once after the first (${gap} ms later) was answered ${probe.status}, not throttled`,
    );
  } else report.skip('8.rate-limit', 'the first poll was COMPLETED already; no second poll was sent');
  for (const exchange of polled.polls.filter(throttled))
    report.observe('7.errors-not-shown', `a throttled poll: ${throttleText(exchange)}`);
  if (pollIntervalMs < SUGGESTED_MS) {
    report.skip(
      '8.polling-interval',
      `polled every ${pollIntervalMs / 1000} s (--poll-interval), not at the suggested 15 or 30 s`,
    );
    return;
  }
  // The interval is a suggestion: the specification promises no answer to polls that keep it, so
  // what they got is observed, with the time since the poll before.
  const spaced = polled.polls
    .slice(2)
    .map((exchange, i) => ({ exchange, gap: (exchange.receivedAt - polled.polls[i + 1]!.receivedAt) / 1000 }))
    .filter(({ gap }) => gap * 1000 >= SUGGESTED_MS - 100);
  for (const { exchange, gap } of spaced.filter(({ exchange }) => throttled(exchange)))
    report.observe(
      '8.polling-interval',
      `a poll ${gap.toFixed(1)} s after the one before was throttled: ${throttleText(exchange)}`,
    );
  const answered = spaced.filter(({ exchange }) => !throttled(exchange)).map(({ gap }) => gap);
  if (answered.length > 0) {
    const [low, high] = [Math.min(...answered).toFixed(1), Math.max(...answered).toFixed(1)];
    report.observe(
      '8.polling-interval',
      `${answered.length} polls ${low === high ? low : `${low} to ${high}`} s after the one before were answered with a status`,
    );
  } else if (!spaced.length)
    report.skip('8.polling-interval', 'no two polls at the suggested interval: COMPLETED came before');
}

/** Judges what the polls showed; a lifecycle that stopped short says why in each rule left unjudged. */
export function judgeLifecycle(polled: Polled, pollIntervalMs: number, report: Report): Completed | undefined {
  judgeFirst(polled, report);
  judgeOrder(polled, report);
  judgeFields(polled, report);
  judgeThrottling(polled, pollIntervalMs, report);
  const last = polled.polls.at(-1)!;
  if (polled.timedOut) report.observe('8.generation-time', polled.stopped!);
  else if (polled.unreachable || (polled.stopped && (last.status < 200 || last.status > 299)))
    report.fail('4.1.response', polled.stopped!);
  const completed = polled.statuses.find(({ status }) => status.status === 'COMPLETED');
  return completed?.status as Completed | undefined;
}
