// The carrier setup workflow: ask GET /setups/carriers, poll while the file is REQUESTED or
// IN_PROGRESS, download it from url before expires_at (asking again when the address has
// expired), and return it checked against the contract.
import { clientContext, type ClientContext, type ShippingClient } from './client.ts';
import { download, type DownloadProgress } from './download.ts';
import { ShippingApiError } from './errors.ts';
import { type Clock, realClock, Scope } from './clock.ts';
import { Pacer } from './pacing.ts';
import { type CarrierSetupStatusCompleted, completedStatus } from './completed-status.ts';
import { utcTimestampMs } from './utc-timestamp.ts';
import { type CarrierSetupFile, type CarrierSetupStatus, parseCarrierSetupFile } from './validate.ts';

export interface FetchCarrierSetupOptions {
  /** Time between two calls of GET /setups/carriers; the specification suggests 15 or 30 seconds. */
  pollIntervalMs?: number;
  /** Give up after this long, whatever the workflow is doing. No limit by default. */
  timeoutMs?: number;
  /**
   * Give up waiting for COMPLETED when the next call of GET /setups/carriers would come later than
   * this after the first (the error names the last status). Default 20 minutes: the specification
   * says generation takes "up to several minutes". `Infinity` waits as long as it takes.
   */
  maxWaitMs?: number;
  signal?: AbortSignal;
  /** Called with every carrier setup status received. */
  onStatus?: (status: CarrierSetupStatus) => void;
  /** Called as the file's bytes arrive. */
  onProgress?: (progress: DownloadProgress) => void;
  /** Called when an answer throttles the workflow, with how long it waits before it asks again. */
  onThrottled?: (event: { operation: string; waitMs: number }) => void;
  /** Called when the file address has expired and the workflow asks for a new file. */
  onRenewal?: (event: { reason: string }) => void;
  /**
   * Called with the file's text as received, before it is parsed and checked.
   * @deprecated Ask for `withText: true`: the result then holds the text beside the file.
   */
  onFileText?: (text: string) => void;
  /** Resolve to `{ file, text }`: the file and its text as received (to keep it as it came). */
  withText?: boolean;
  /** How many times the download may break off before the workflow gives up. Default 5. */
  maxDownloadAttempts?: number;
  /** How many times an expired file address is asked for again before the workflow gives up. Default 3. */
  maxRenewals?: number;
  /** The clock that the workflow reads and waits on; the real one by default. */
  clock?: Clock;
}

const DEFAULTS = { pollIntervalMs: 15_000, maxDownloadAttempts: 5, maxRenewals: 3, maxWaitMs: 20 * 60_000 };

function invalidOption(name: string, rule: string): ShippingApiError {
  return new ShippingApiError(`fetchCarrierSetup: ${name} must be ${rule}.`, {
    code: 'INVALID_OPTIONS',
    operation: 'fetchCarrierSetup',
    option: name,
  });
}

function workflowSettings(options: FetchCarrierSetupOptions) {
  const number = (name: keyof typeof DEFAULTS, min: number, integer: boolean, infinite = false): number => {
    const value = options[name] ?? DEFAULTS[name];
    const finite = Number.isFinite(value) || (infinite && value === Number.POSITIVE_INFINITY);
    if (typeof value !== 'number' || !finite || value < min || (integer && !Number.isInteger(value))) {
      throw invalidOption(name, `${integer ? 'an integer' : 'a number'} of at least ${min}`);
    }
    return value;
  };
  const { timeoutMs, signal, onStatus } = options;
  if (timeoutMs !== undefined && (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || !Number.isFinite(timeoutMs)))
    throw invalidOption('timeoutMs', 'a positive number');
  if (signal !== undefined && !(signal instanceof AbortSignal)) throw invalidOption('signal', 'an AbortSignal');
  if (options.withText !== undefined && typeof options.withText !== 'boolean')
    throw invalidOption('withText', 'true or false');
  if (onStatus !== undefined && typeof onStatus !== 'function') throw invalidOption('onStatus', 'a function');
  for (const name of ['onProgress', 'onThrottled', 'onRenewal', 'onFileText'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'function') throw invalidOption(name, 'a function');
  }
  return {
    pollIntervalMs: number('pollIntervalMs', 1, false),
    maxDownloadAttempts: number('maxDownloadAttempts', 1, true),
    maxRenewals: number('maxRenewals', 0, true),
    maxWaitMs: number('maxWaitMs', 1, false, true),
    clock: options.clock ?? realClock,
  };
}

/** The file as received and parsed, for a caller that keeps the text (`withText`). */
export interface CarrierSetupFileWithText {
  /** The file, checked against the contract. */
  file: CarrierSetupFile;
  /** Its text as received, before it was parsed (to write it as it came). */
  text: string;
}

type Settings = ReturnType<typeof workflowSettings>;
type Download = { file: CarrierSetupFileWithText } | { expiredBy: string };

/** One completed status's file: downloaded unless its address has expired, by expires_at or by the file server. */
async function downloadCompleted(
  status: CarrierSetupStatusCompleted,
  serverDate: string | null,
  run: { context: ClientContext; settings: Settings; signal: AbortSignal; pacer: Pacer },
  options: FetchCarrierSetupOptions,
): Promise<Download> {
  const { context, settings } = run;
  const now = settings.clock.now();
  if (utcTimestampMs(status.expires_at) <= now) return { expiredBy: expiredBefore(status.expires_at, serverDate, now) };
  // A pre-signed address on an origin not named in credentialOrigins receives no credentials.
  const outcome = await download(status.url, {
    fetch: context.fetch,
    credentials: context.headers,
    credentialOrigins: context.credentialOrigins,
    signal: run.signal,
    clock: settings.clock,
    pacer: run.pacer,
    maxAttempts: settings.maxDownloadAttempts,
    onProgress: options.onProgress,
    redact: context.redact,
  });
  if (outcome.expired) return { expiredBy: `the file server answered ${outcome.status}` };
  options.onFileText?.(outcome.text);
  return { file: { file: parseCarrierSetupFile(outcome.text, 'downloadCarrierSetupFile'), text: outcome.text } };
}

/** The workflow from the first status call to the parsed file, asking again while the address expires. */
async function runWorkflow(
  client: ShippingClient,
  options: FetchCarrierSetupOptions,
  scope: Scope,
  settings: Settings,
): Promise<CarrierSetupFileWithText> {
  const context = clientContext(client, 'fetchCarrierSetup');
  const { signal } = scope;
  const throttled = (operation: string) => (waitMs: number) => options.onThrottled?.({ operation, waitMs });
  const { clock, pollIntervalMs } = settings;
  const statusPacer = new Pacer(clock, pollIntervalMs, pollIntervalMs, throttled('requestCarrierSetup'));
  // The file host is not polled; it is only slowed down when it throttles.
  const pacer = new Pacer(clock, 0, pollIntervalMs, throttled('downloadCarrierSetupFile'));
  let operation = 'requestCarrierSetup';
  try {
    for (let renewals = 0; ; renewals += 1) {
      operation = 'requestCarrierSetup';
      const limit = { clock, maxWaitMs: settings.maxWaitMs };
      const { status, serverDate } = await completedStatus(
        client,
        context,
        statusPacer,
        signal,
        options.onStatus,
        limit,
      );
      operation = 'downloadCarrierSetupFile';
      const outcome = await downloadCompleted(status, serverDate, { context, settings, signal, pacer }, options);
      if ('file' in outcome) return outcome.file;
      if (renewals >= settings.maxRenewals)
        throw expiredTooOften(renewals + 1, settings.maxRenewals, outcome.expiredBy);
      options.onRenewal?.({ reason: outcome.expiredBy });
    }
  } catch (error) {
    const told = error instanceof ShippingApiError && (error.code === 'ABORTED' || error.code === 'TIMEOUT');
    throw signal.aborted && !told ? scope.stopped(operation, error) : error;
  }
}

/**
 * Requests the carrier setup file, waits for it, downloads it and returns it, validated; with
 * `withText: true`, also its text as received. Throws a ShippingApiError on every failure.
 */
export function fetchCarrierSetup(
  client: ShippingClient,
  options?: FetchCarrierSetupOptions & { withText?: false },
): Promise<CarrierSetupFile>;
export function fetchCarrierSetup(
  client: ShippingClient,
  options: FetchCarrierSetupOptions & { withText: true },
): Promise<CarrierSetupFileWithText>;
export async function fetchCarrierSetup(
  client: ShippingClient,
  options: FetchCarrierSetupOptions = {},
): Promise<CarrierSetupFile | CarrierSetupFileWithText> {
  const settings = workflowSettings(options);
  const scope = new Scope(settings.clock, options.signal, options.timeoutMs);
  try {
    const received = await runWorkflow(client, options, scope, settings);
    return options.withText ? received : received.file;
  } finally {
    scope.dispose();
  }
}

/** Why an address had expired before it was asked for: expires_at had passed, by both clocks. */
function expiredBefore(expiresAt: string, serverDate: string | null, now: number): string {
  const machine = new Date(now).toUTCString();
  const clocks = `the server's Date header said ${serverDate ?? '(none)'}, the clock of this machine said ${machine}`;
  return `expires_at ${expiresAt} had passed: ${clocks}`;
}

/** Which clock to suspect when an address keeps expiring. */
const SUSPECT_CLOCK =
  "A clock of this machine far from the server's Date points at this machine; a Date already past expires_at points at the server.";

function expiredTooOften(times: number, maxRenewals: number, expiredBy: string): ShippingApiError {
  return new ShippingApiError(
    `The carrier setup file address expired ${times} times; gave up after maxRenewals=${maxRenewals}. The last time, ${expiredBy}. ${SUSPECT_CLOCK}`,
    { code: 'EXPIRED', operation: 'downloadCarrierSetupFile' },
  );
}
