// 5.1.1, every request is authenticated with HTTP Basic: a request without credentials, and one with
// the API user and a key that is not its own, must be refused. The status code of a refusal is
// HTTP's rule (401 with a Basic challenge, RFC 9110 §15.5.2, RFC 7617), not the specification's:
// which one the server gave is reported as observed.
import { isLoopback } from 'shipping-api-v3-client/internal';
import type { Completed } from './lifecycle.ts';
import type { Report } from './rules.ts';
import type { Exchange } from './traffic.ts';
import { CALLS } from './answers.ts';

const HTTP_RULE = "401 with a Basic challenge is HTTP's rule for a refused request (RFC 9110 §15.5.2, RFC 7617)";

const REFUSALS = new Set([401, 403]);

/** Whether an answer refused the request; the words say how. */
export function judgeRefusal(exchange: Exchange, what: string, report: Report): void {
  const call = `${CALLS[exchange.operation]} ${what}`;
  if (REFUSALS.has(exchange.status)) {
    const challenge = exchange.headers.get('WWW-Authenticate');
    const withChallenge = challenge === null ? '' : ` and WWW-Authenticate: ${challenge}`;
    const rule = exchange.status === 401 ? " (HTTP's rule, RFC 9110 §15.5.2)" : '';
    report.pass('5.1.1', `${call} was refused with ${exchange.status}${withChallenge}${rule}`);
    if (exchange.status !== 401) report.observe('5.1.1', `${call}: ${exchange.status}, where ${HTTP_RULE}`);
    return;
  }
  report.fail('5.1.1', `${call} was answered ${exchange.status}, not refused (${HTTP_RULE}; a 403 refuses it too)`);
}

/** 5.1.3: the API, and a file address that receives the credentials, are HTTPS; loopback cannot be judged. */
export function judgeTransport(
  baseUrl: string,
  completed: Completed | undefined,
  fileGetsCredentials: boolean,
  report: Report,
): void {
  const addresses = [baseUrl, ...(completed && fileGetsCredentials ? [completed.url] : [])].map((url) => new URL(url));
  const plain = addresses.filter((url) => url.protocol !== 'https:');
  const remote = plain.filter((url) => !isLoopback(url.hostname));
  for (const url of remote) report.fail('5.1.3', `${url.origin} receives the credentials over plain HTTP`);
  const origins = [...new Set(plain.map((url) => url.origin))].join(', ');
  if (plain.length > remote.length)
    report.skip(
      '5.1.3',
      `the server is on loopback over plain HTTP (${origins}); HTTPS is judged on a server that is not local`,
    );
  else if (remote.length === 0) report.pass('5.1.3', 'the credentials travel over HTTPS only');
}
