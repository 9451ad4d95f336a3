// The first part of the carrier setup workflow: GET /setups/carriers at the pacer's pace, through
// throttling, until the status is COMPLETED; an error answer is a ShippingApiError that says what
// the server answered, and why a 404 is most often a base URL that is not the API root.
import type { ClientContext, ShippingClient } from './client.ts';
import { connectionFailure, ShippingApiError } from './errors.ts';
import type { Clock } from './clock.ts';
import { type Pacer, THROTTLING_STATUSES } from './pacing.ts';
import { type CarrierSetupStatus, validateCarrierSetupStatus } from './validate.ts';

export type CarrierSetupStatusCompleted = Extract<CarrierSetupStatus, { status: 'COMPLETED' }>;

/** How long the workflow waits for COMPLETED, on its clock, from its first call of GET /setups/carriers. */
export interface WaitLimit {
  clock: Clock;
  /** Infinity for no limit. */
  maxWaitMs: number;
}

/**
 * Calls GET /setups/carriers at the pacer's pace until the status is COMPLETED, and gives up (code
 * TIMEOUT, option maxWaitMs) when the next call would come later than maxWaitMs after the first.
 */
export async function completedStatus(
  client: ShippingClient,
  context: ClientContext,
  pacer: Pacer,
  signal: AbortSignal,
  onStatus: ((status: CarrierSetupStatus) => void) | undefined,
  limit: WaitLimit,
): Promise<{ status: CarrierSetupStatusCompleted; serverDate: string | null }> {
  const operation = 'requestCarrierSetup';
  const waited = { since: Number.NaN, calls: 0, last: 'no status' };
  for (;;) {
    if (waited.calls > 0 && pacer.nextAt() - waited.since > limit.maxWaitMs) throw waitedTooLong(waited, limit);
    await pacer.next(signal);
    if (waited.calls === 0) waited.since = limit.clock.now();
    waited.calls += 1;
    const result = await client.GET('/setups/carriers', { signal, parseAs: 'stream' }).catch((error: unknown) => {
      if (signal.aborted) throw error;
      throw new ShippingApiError(`GET /setups/carriers failed: ${connectionFailure(statusUrl(context), error)}.`, {
        code: 'NETWORK_ERROR',
        operation,
        cause: error,
      });
    });
    const { response } = result;
    if (THROTTLING_STATUSES.has(response.status)) {
      waited.last = `throttled (${response.status})`;
      pacer.throttled(response.headers.get('Retry-After'));
      continue;
    }
    if (!response.ok) {
      // openapi-fetch has read the body of an error answer already, into `error`.
      const body = context.redact(
        typeof result.error === 'string' ? result.error : (JSON.stringify(result.error) ?? ''),
      );
      throw response.status === 401
        ? new ShippingApiError('The API refused the credentials (401 Unauthorized): check username and apiKey.', {
            code: 'UNAUTHORIZED',
            operation,
            status: 401,
            body,
          })
        : new ShippingApiError(httpErrorMessage(response, context), {
            code: 'HTTP_ERROR',
            operation,
            status: response.status,
            body,
          });
    }
    pacer.succeeded();
    const status = validateCarrierSetupStatus(await statusBody(response));
    onStatus?.(status);
    if (status.status === 'COMPLETED') return { status, serverDate: response.headers.get('Date') };
    waited.last = status.status;
  }
}

/** Minutes and seconds, as a person reads a wait. */
function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

function waitedTooLong(waited: { since: number; calls: number; last: string }, limit: WaitLimit): ShippingApiError {
  const after = duration(limit.clock.now() - waited.since);
  const allowed = duration(limit.maxWaitMs);
  return new ShippingApiError(
    `fetchCarrierSetup gave up waiting for COMPLETED: the last status was ${waited.last}, ${after} after the first of ${waited.calls} calls of GET /setups/carriers (maxWaitMs ${limit.maxWaitMs} ms, ${allowed}).`,
    { code: 'TIMEOUT', operation: 'requestCarrierSetup', option: 'maxWaitMs' },
  );
}

/** The address of GET /setups/carriers under the client's base URL. */
function statusUrl(context: ClientContext): string {
  return `${context.baseUrl.href.replace(/\/+$/, '')}/setups/carriers`;
}

/** A status call answered with an error; a 404 is most often a base URL that is not the API root. */
function httpErrorMessage(response: Response, context: ClientContext): string {
  const answered = `GET /setups/carriers answered ${response.status} ${response.statusText}`.trim();
  if (response.status !== 404) return `${answered}.`;
  const base = context.baseUrl.href.replace(/\/+$/, '');
  const hint = base.endsWith('/api/public/v3')
    ? `${statusUrl(context)} is not served there`
    : `the base URL ${base} does not end in /api/public/v3, where version 3 of the API lives (such as ${context.baseUrl.origin}/api/public/v3)`;
  return `${answered}: ${hint}.`;
}

async function statusBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ShippingApiError(`The carrier setup status is not JSON (${(error as Error).message}).`, {
      code: 'INVALID_STATUS',
      operation: 'requestCarrierSetup',
      status: response.status,
      body: text,
      cause: error,
    });
  }
}
