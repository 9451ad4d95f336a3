// The project's own traffic, recorded for its coverage (docs/coverage.md):
// - against a sandbox on loopback: `shipping-api conform`, writes allowed, as
//   tests/conform/sandbox.test.ts runs it, then what the sandbox tests send besides
//   (tests/sandbox/contract.integration.test.ts): a range past the end of the file, each operation
//   without credentials, and each operation answered by a queued `unavailable` fault;
// - against the mock (Prism behind its guard), as tests/mock/ drive it: each operation with its
//   example, the download whole and its first slice, a request without credentials.
// Each server is started and stopped here.
//
// `npm run coverage:record` writes the recordings and conform's verdicts into RECORDED_DIR; the page
// docs/coverage.html is made from them, and tests record again and hold each to the same coverage.
import { randomBytes, scryptSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSandbox } from 'shipping-api-v3-sandbox';
// conform's run is no export of the CLI (biome.jsonc lets this file reach it): driven as its tests drive it.
import { exampleCreations } from '../../packages/cli/src/conform/creations.ts';
import { runConform } from '../../packages/cli/src/conform/index.ts';
import { jsonResult } from '../../packages/cli/src/conform/output.ts';
import { startMock } from '../mock/mock.ts';
import { root } from '../paths.ts';
import { makeTempDir } from '../tools.ts';
import { harRecorder } from './har-recorder.ts';

/** Where the project's recorded traffic, conform's verdicts and the exclusions live. */
export const RECORDED_DIR = path.join(root, 'tests/recordings/coverage');
export const RECORDED_HAR = path.join(RECORDED_DIR, 'sandbox.har');
export const RECORDED_MOCK_HAR = path.join(RECORDED_DIR, 'mock.har');
export const RECORDED_CONFORM = path.join(RECORDED_DIR, 'conform.json');
/** The documented responses not exercised on purpose, each with its reason: one file. */
export const EXCLUSIONS = path.join(RECORDED_DIR, 'exclusions.json');

const USER = 'coverage';
const KEY = 'coverage-key';
const basic = `Basic ${Buffer.from(`${USER}:${KEY}`).toString('base64')}`;

/**
 * An accounts file admitting USER alone, so that the sandbox refuses a wrong key as a server does
 * (without one it admits any key on loopback). Its hash is of scrypt's lowest cost the sandbox
 * takes: each wrong key conform sends costs a millisecond.
 */
function accountsFile(dir: string): string {
  const salt = randomBytes(16);
  const derived = scryptSync(KEY, salt, 32, { N: 1024, r: 8, p: 1 });
  const key = `scrypt$1024$8$1$${salt.toString('base64url')}$${derived.toString('base64url')}`;
  const file = path.join(dir, 'accounts.json');
  writeFileSync(file, JSON.stringify({ version: 1, accounts: { [USER]: { key } } }), { mode: 0o600 });
  return file;
}

/** The creations of the contract, by path, each with the example body conform sends. */
const creations = () => exampleCreations().map(({ path: at, body }) => ({ at, body: JSON.stringify(body) }));

export interface ProjectTraffic {
  har: ReturnType<ReturnType<typeof harRecorder>['har']>;
  /** What `shipping-api conform --json` prints for the run. */
  conform: string;
}

/** Records the project's traffic against a sandbox of its own. */
export async function recordProjectTraffic(): Promise<ProjectTraffic> {
  const temp = makeTempDir('coverage-traffic-');
  const recorder = harRecorder('shipping-api-v3 coverage');
  let sandbox: Awaited<ReturnType<typeof startSandbox>> | undefined;
  try {
    sandbox = await startSandbox({
      port: 0,
      generationMs: 0,
      minPollMs: 0,
      accounts: accountsFile(temp.dir),
      logLevel: 'silent',
    });
    const result = await runConform({
      connection: { baseUrl: sandbox.baseUrl, username: USER, apiKey: KEY, partnerId: 10042 },
      pollIntervalMs: 20,
      timeoutMs: 10_000,
      creations: exampleCreations(),
      fetch: recorder.fetch,
    });
    const send = (url: string, init: RequestInit = {}) => recorder.fetch(url, init);
    const json = { authorization: basic, 'content-type': 'application/json' };
    const status = await (await send(`${sandbox.baseUrl}/setups/carriers`, { headers: json })).json();
    if (status.status !== 'COMPLETED') throw new Error(`The sandbox's setup file is ${status.status}, not COMPLETED.`);
    await send(status.url, { headers: { authorization: basic, range: 'bytes=999999999-' } });
    // Without credentials.
    await send(`${sandbox.baseUrl}/setups/carriers`);
    await send(status.url);
    for (const { at, body } of creations())
      await send(`${sandbox.baseUrl}${at}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    // Each operation answered by a queued fault (the sandbox's control routes are not recorded).
    const unavailable = async (url: string, init: RequestInit) => {
      const queued = await fetch(`${new URL(url).origin}/_sandbox/faults`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ fault: 'unavailable', count: 1 }),
      });
      if (queued.status !== 201) throw new Error(`The sandbox refused the fault: ${queued.status}.`);
      await send(url, init);
    };
    await unavailable(`${sandbox.baseUrl}/setups/carriers`, { headers: json });
    await unavailable(status.url, { headers: json });
    for (const { at, body } of creations())
      await unavailable(`${sandbox.baseUrl}${at}`, { method: 'POST', headers: json, body });
    return { har: recorder.har(), conform: jsonResult(result) };
  } finally {
    await sandbox?.close();
    temp.remove();
  }
}

/** Records what the mock tests send to the mock (Prism, a process of its own), started and stopped here. */
export async function recordMockTraffic(): Promise<ProjectTraffic['har']> {
  const mock = await startMock({ port: 0 });
  const recorder = harRecorder('shipping-api-v3 coverage');
  try {
    const auth = { authorization: basic };
    const prefer = (example: string) => ({ ...auth, Prefer: `example=${example}` });
    const status = await (
      await recorder.fetch(`${mock.baseUrl}/setups/carriers`, { headers: prefer('completed') })
    ).json();
    await recorder.fetch(`${mock.baseUrl}/setups/carriers`, { headers: prefer('requested') });
    await recorder.fetch(status.url, { headers: auth });
    await recorder.fetch(status.url, { headers: { ...auth, Prefer: 'code=206, example=firstSlice' } });
    await recorder.fetch(`${mock.baseUrl}/setups/carriers`);
    for (const { at, body } of creations())
      await recorder.fetch(`${mock.baseUrl}${at}`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body,
      });
    return recorder.har();
  } finally {
    await mock.stop();
  }
}

const writeHar = (file: string, har: ProjectTraffic['har']) => {
  writeFileSync(file, `${JSON.stringify(har, null, 2)}\n`);
  return `${path.relative(root, file)} (${har.log.entries.length} exchanges)`;
};

/** `npm run coverage:record`: records the project's traffic into RECORDED_DIR. */
export async function writeProjectTraffic(): Promise<number> {
  const { har, conform } = await recordProjectTraffic();
  const mock = await recordMockTraffic();
  writeFileSync(RECORDED_CONFORM, `${conform}\n`);
  console.log(
    `Wrote ${writeHar(RECORDED_HAR, har)}, ${writeHar(RECORDED_MOCK_HAR, mock)} and ${path.relative(root, RECORDED_CONFORM)}.`,
  );
  return 0;
}
