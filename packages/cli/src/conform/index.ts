// `conform`: checks a live server of the API against the specification, rule by rule. The run
// follows the carrier setup lifecycle, downloads the file whole and by range, tries requests
// without and with wrong credentials, sends the creations when writes are allowed, and then checks
// every answer against the contract. Each finding lands under its rule of openapi/rules.yaml.
import { randomUUID } from 'node:crypto';
import { ShippingError } from 'shipping-api-v3-contract/errors';
import { createShippingClient, type Fetch, THROTTLING_STATUSES } from 'shipping-api-v3-client';
import type { Connection } from '../env.ts';
import { CALLS, checkAnswers, checkPartnerIdNeverReturned, mediaType } from './answers.ts';
import { judgeRefusal, judgeTransport } from './authentication.ts';
import { judgePartnerHeader, suspectsPartnerId } from './partner-header.ts';
import {
  CREATIONS,
  checkCreations,
  type Creation,
  type CreationPath,
  skipCreations,
  skipStorage,
} from './creations.ts';
import { checkDownload } from './download.ts';
import { type Completed, judgeLifecycle, pollUntilCompleted } from './lifecycle.ts';
import { Report, type RuleVerdict } from './rules.ts';
import { body, type Exchange, NetworkFailure, Traffic } from './traffic.ts';

export interface ConformOptions {
  connection: Connection;
  /** Time between two polls; the specification suggests 15 or 30 s. */
  pollIntervalMs: number;
  /** How long to wait for COMPLETED. */
  timeoutMs: number;
  /** The creations to send; none, and their rules skipped, when writes are not allowed. */
  creations?: readonly Creation[];
  fetch?: Fetch;
  signal?: AbortSignal;
  /** What the run is doing, for a progress line. */
  onProgress?: (text: string) => void;
}

export interface ConformResult {
  server: string;
  verdicts: RuleVerdict[];
  /** 0 when every stated rule checked holds, 1 when one fails or a limit of the run ended it. */
  exitCode: 0 | 1;
  /** The limit of the run (--timeout) that ended it before COMPLETED: not a verdict on the server. */
  limit?: string;
  seconds: number;
}

/** The server could not be reached, or refused the credentials, at the first call: nothing could be judged. */
export class ConformStartError extends ShippingError {}
Object.defineProperty(ConformStartError.prototype, 'name', { value: 'ConformStartError', writable: true });

/** The first call, which also starts the lifecycle; an answer that allows no judging ends the run. */
async function firstCall(poll: () => Promise<Exchange>, statusUrl: string): Promise<Exchange> {
  let first: Exchange;
  try {
    first = await poll();
  } catch (error) {
    if (!(error instanceof NetworkFailure)) throw error;
    throw new ConformStartError(`The server cannot be reached: ${error.message}.`, {
      code: 'NETWORK_ERROR',
      operation: 'requestCarrierSetup',
      cause: error,
    });
  }
  if (first.status === 401 || first.status === 403)
    throw new ConformStartError(
      `The server refused the credentials (GET /setups/carriers answered ${first.status}): check SHIPPING_USER and SHIPPING_API_KEY.`,
      { code: 'UNAUTHORIZED', operation: 'requestCarrierSetup', variable: 'SHIPPING_API_KEY' },
    );
  if (first.status === 404)
    throw new ConformStartError(
      `GET ${statusUrl} answered 404: the base URL is not the root of version 3 of the API (it ends in /api/public/v3).`,
      { code: 'HTTP_ERROR', operation: 'requestCarrierSetup', variable: 'SHIPPING_BASE_URL' },
    );
  return first;
}

/** 7.errors-not-shown: how the server's error answers look. */
function observeErrors(exchanges: readonly Exchange[], report: Report): void {
  for (const exchange of exchanges) {
    if (exchange.status < 400 || THROTTLING_STATUSES.has(exchange.status)) continue;
    const data = body.json(exchange);
    const fields =
      data && typeof data === 'object' && !Array.isArray(data) ? `, fields ${Object.keys(data).join(', ')}` : '';
    report.observe(
      '7.errors-not-shown',
      `${exchange.status} to ${CALLS[exchange.operation]}: ${mediaType(exchange) || 'no media type'}${fields}`,
    );
  }
}

/** Requests without and with wrong credentials: the status call, and the file where it gets the credentials. */
async function checkAuthentication(
  traffic: Traffic,
  clients: { statusUrl: string; wrong: () => Promise<Exchange> },
  file: { completed: Completed | undefined; credentials: boolean },
  report: Report,
): Promise<void> {
  const none = await traffic.send('requestCarrierSetup', clients.statusUrl, { credentials: 'none' });
  judgeRefusal(none, 'without credentials', report);
  judgeRefusal(await clients.wrong(), 'with a wrong API key', report);
  const { completed } = file;
  if (!completed)
    return report.skip('5.1.1', 'the file was not reached, so its address was not tried without credentials');
  if (!file.credentials)
    return report.skip(
      '5.1.1',
      `the file lies at ${new URL(completed.url).origin}, which receives no credentials (an address that is its own key)`,
    );
  if (Date.parse(completed.expires_at) <= Date.now()) return;
  judgeRefusal(
    await traffic.send('downloadCarrierSetupFile', completed.url, { credentials: 'none' }),
    'without credentials',
    report,
  );
}

/** The run's clients: the typed client with the given credentials, and one with a wrong API key. */
function clients(options: ConformOptions, traffic: Traffic) {
  const { connection } = options;
  const { baseUrl, username } = connection;
  const client = createShippingClient({ ...connection, fetch: traffic.clientFetch(baseUrl, 'given') });
  const wrong = createShippingClient({
    baseUrl,
    username,
    apiKey: `not-the-key-${randomUUID()}`,
    fetch: traffic.clientFetch(baseUrl, 'wrong'),
  });
  const last = () => traffic.exchanges.at(-1)!;
  const base = baseUrl.replace(/\/+$/, '');
  return {
    statusUrl: `${base}/setups/carriers`,
    poll: () => client.GET('/setups/carriers', { parseAs: 'stream' }).then(last),
    wrong: () => wrong.GET('/setups/carriers', { parseAs: 'stream' }).then(last),
    // The bodies go as they are: the legacy partner_id too, which the typed client warns about.
    post: (path: CreationPath, json: unknown) =>
      traffic.send(CREATIONS.find((kind) => kind.path === path)!.operation, `${base}${path}`, {
        credentials: 'given',
        json,
      }),
  };
}

/** The lifecycle from the first call to COMPLETED, then the download where there is a file. */
async function checkSetup(
  options: ConformOptions,
  traffic: Traffic,
  calls: ReturnType<typeof clients>,
  report: Report,
): Promise<{ completed: Completed | undefined; fileCredentials: boolean; limit?: string }> {
  options.onProgress?.('Requesting the carrier setup file');
  const first = await firstCall(calls.poll, calls.statusUrl);
  const polled = await pollUntilCompleted(
    {
      poll: calls.poll,
      pollIntervalMs: options.pollIntervalMs,
      timeoutMs: options.timeoutMs,
      signal: traffic.signal,
      onStatus: (text) => options.onProgress?.(`Carrier setup file ${text}`),
    },
    first,
  );
  const completed = judgeLifecycle(polled, options.pollIntervalMs, report);
  if (!completed) {
    for (const rule of ['4.2.returns', '4.2.range', '8.url-lifetime'])
      report.skip(rule, `not reached: ${polled.stopped}`);
    const seconds = options.timeoutMs / 1000;
    const why = 'a limit of the run and not of the specification ("up to several minutes")';
    const limit = polled.timedOut
      ? `The run ended at its --timeout of ${seconds} s, ${why}: ${polled.stopped}.`
      : undefined;
    return { completed, fileCredentials: false, ...(limit ? { limit } : {}) };
  }
  const { connection } = options;
  const origins = new Set(
    [connection.baseUrl, ...(connection.credentialOrigins ?? [])].map((url) => URL.parse(url)?.origin ?? url),
  );
  const fileCredentials = origins.has(new URL(completed.url).origin);
  options.onProgress?.('Downloading the carrier setup file, whole and by range');
  await checkDownload(traffic, completed, fileCredentials ? 'given' : 'none', report).catch(
    unreachable('4.2.returns', report),
  );
  return { completed, fileCredentials };
}

/** Runs every check against the server of `options.connection` and returns a verdict per rule. */
export async function runConform(options: ConformOptions): Promise<ConformResult> {
  const started = performance.now();
  const report = new Report();
  const signal = options.signal ?? new AbortController().signal;
  const traffic = new Traffic(options.fetch ?? globalThis.fetch, signal, suspectsPartnerId);
  const calls = clients(options, traffic);
  const { completed, fileCredentials, limit } = await checkSetup(options, traffic, calls, report);
  options.onProgress?.('Trying requests without and with wrong credentials');
  await checkAuthentication(traffic, calls, { completed, credentials: fileCredentials }, report).catch(
    unreachable('5.1.1', report),
  );
  if (options.creations) {
    options.onProgress?.('Sending the creations (--allow-writes)');
    await checkCreations(options.creations, calls.post, report).catch(unreachable('4.3.request', report));
  } else skipCreations(report);
  skipStorage(report);
  judgeTransport(options.connection.baseUrl, completed, fileCredentials, report);
  judgePartnerHeader(traffic.exchanges, options.connection.partnerId, report);
  checkAnswers(traffic.exchanges, report);
  checkPartnerIdNeverReturned(traffic.exchanges, report);
  observeErrors(traffic.exchanges, report);
  const verdicts = report.verdicts();
  return {
    server: options.connection.baseUrl,
    verdicts,
    exitCode: limit || verdicts.some((v) => v.verdict === 'fail') ? 1 : 0,
    ...(limit ? { limit } : {}),
    seconds: Math.round(performance.now() - started) / 1000,
  };
}

/** A request that got no answer after the start: a failure of the rule being checked. */
function unreachable(rule: string, report: Report): (error: unknown) => void {
  return (error) => {
    if (!(error instanceof NetworkFailure)) throw error;
    report.fail(rule, `${CALLS[error.operation]}: ${error.message}`);
  };
}
