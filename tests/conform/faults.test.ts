// `conform` against faulty servers: a small proxy in front of the sandbox plants one fault at a time
// in its answers, and each run must fail the rule that the fault breaks, and exit 1. Without a
// fault the same run passes; without --allow-writes the proxy sees no POST.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from 'shipping-api-v3-sandbox';
import { runConform } from '../../packages/cli/src/conform/index.ts';
import { exampleCreations } from '../../packages/cli/src/conform/creations.ts';
import { writeAccounts } from '../support/fixtures/accounts.ts';
import { basic } from '../support/fixtures/basic.ts';
import { folder, run } from '../support/harness/cli.ts';

interface Seen {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
}
interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}
/** A planted fault: a change to the request forwarded, an answer of its own, or a change to the sandbox's answer. */
interface Fault {
  forward?(headers: Record<string, string>): void;
  answer?(request: Seen): Answer | undefined;
  rewrite?(request: Seen, answer: Answer): void;
}

const USER = 'conform';
const KEY = 'conform-key-7';
const PARTNER_ID = 10042;
let sandbox: RunningSandbox;
let proxy: { origin: string; seen: Seen[]; close(): Promise<void> };
let fault: Fault = {};
const files = folder({});

/** Forwards every request to the sandbox, the file addresses pointed back at the proxy, through the fault planted. */
async function startProxy(target: string) {
  const seen: Seen[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const asked: Seen = { method: request.method!, path: request.url!, headers: request.headers };
    seen.push(asked);
    let answer = fault.answer?.(asked);
    if (!answer) {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>;
      fault.forward?.(headers);
      const upstream = await fetch(`${target}${request.url}`, {
        method: request.method,
        headers,
        ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
      });
      const text = Buffer.from(await upstream.arrayBuffer());
      const kept = [...upstream.headers].filter(
        ([name]) => !['content-length', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
      );
      const body =
        upstream.headers.get('content-type')?.includes('json') && upstream.status !== 206
          ? Buffer.from(text.toString('utf8').replaceAll(target, origin))
          : text;
      answer = { status: upstream.status, headers: Object.fromEntries(kept), body };
      fault.rewrite?.(asked, answer);
    }
    response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

beforeAll(async () => {
  const accounts = path.join(files.dir, 'accounts.json');
  await writeAccounts(accounts, { [USER]: KEY }, { cheap: true });
  sandbox = await startSandbox({ generationMs: 0, minPollMs: 0, accounts, logLevel: 'silent' });
  proxy = await startProxy(sandbox.origin);
});
afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
  files.remove();
});
beforeEach(async () => {
  fault = {};
  proxy.seen.length = 0;
  // Each run starts from an account with no generation: its first call starts one.
  const reset = await fetch(`${sandbox.origin}/_sandbox/state`, {
    method: 'DELETE',
    headers: { authorization: basic(USER, KEY) },
  });
  expect(reset.status).toBe(204);
});

const connection = () => ({
  baseUrl: `${proxy.origin}/api/public/v3`,
  username: USER,
  apiKey: KEY,
  partnerId: PARTNER_ID,
});
const conform = (writes = false) =>
  runConform({
    connection: connection(),
    pollIntervalMs: 30,
    timeoutMs: 5000,
    ...(writes ? { creations: exampleCreations() } : {}),
  });
const failed = (result: Awaited<ReturnType<typeof conform>>) =>
  result.verdicts.filter((v) => v.verdict === 'fail').map((v) => v.id);
const verdictOf = (result: Awaited<ReturnType<typeof conform>>, id: string) =>
  result.verdicts.find((v) => v.id === id)!;

const isStatus = (request: Seen, answer: Answer) => request.path.endsWith('/setups/carriers') && answer.status === 200;
/** Changes the carrier setup status in the sandbox's answer; `n` counts the statuses from 1. */
function status(change: (status: any, n: number) => any): Fault {
  let n = 0;
  return {
    rewrite(request, answer) {
      if (!isStatus(request, answer)) return;
      answer.body = Buffer.from(JSON.stringify(change(JSON.parse(answer.body.toString('utf8')), ++n)));
    },
  };
}
/** The second status (the poll sent at once after the first), pending whatever the sandbox's timing. */
const IN_PROGRESS = { status: 'IN_PROGRESS', expires_at: null, url: null };
const isFile = (request: Seen) => request.path.startsWith('/files/');
const seenRange = (request: Seen) => request.headers.range !== undefined;
const json = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(JSON.stringify(body)),
});

describe('through the proxy with no fault planted', () => {
  it('every stated rule checked passes, and without --allow-writes the proxy sees no POST', async () => {
    const result = await conform();
    expect(failed(result)).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(proxy.seen.filter((request) => request.method !== 'GET')).toEqual([]);
  });
});

describe('what HTTP or the specification leaves to the server is reported, not failed', () => {
  it('a Range ignored (200 with the whole file), the file as application/octet-stream, a refusal with 403', async () => {
    fault = {
      forward: (headers) => {
        delete headers.range;
      },
      rewrite: (request, answer) => {
        if (isFile(request) && answer.status === 200) answer.headers['content-type'] = 'application/octet-stream';
        if (answer.status === 401) {
          answer.status = 403;
          delete answer.headers['www-authenticate'];
        }
      },
    };
    const result = await conform();
    expect(failed(result)).toEqual([]);
    expect(verdictOf(result, '4.2.range')).toMatchObject({ verdict: 'pass' });
    expect(verdictOf(result, '4.2.range').details[0]).toBe(
      'Range: bytes 10-73 answered 200 with the whole file (HTTP allows the server to ignore Range)',
    );
    expect(verdictOf(result, '4.2.media-type')).toMatchObject({
      verdict: 'observed',
      details: ['the whole file served as application/octet-stream'],
    });
    expect(verdictOf(result, '5.1.1').verdict).toBe('pass');
    expect(verdictOf(result, '5.1.1').details).toContain(
      "GET /setups/carriers without credentials: 403, where 401 with a Basic challenge is HTTP's rule for a refused request (RFC 9110 §15.5.2, RFC 7617)",
    );
  });
});

describe('a first call throttled', () => {
  it('is observed as the throttled answer it was; the first step of the lifecycle is skipped, not passed', async () => {
    let calls = 0;
    fault = {
      answer: (request) =>
        request.path.endsWith('/setups/carriers') && request.headers.authorization === basic(USER, KEY) && ++calls === 1
          ? json(429, { title: 'Slow down' }, { 'retry-after': '0' })
          : undefined,
    };
    const result = await conform();
    expect(failed(result)).toEqual([]);
    expect(verdictOf(result, '3.no-request')).toMatchObject({
      verdict: 'skipped',
      details: ['the first call was answered 429, with no carrier setup status'],
    });
    expect(verdictOf(result, '7.errors-not-shown').details).toContain(
      'a throttled poll: 429 with Retry-After: 0, application/json',
    );
  });
});

/** Each fault, titled with the id of the rule it breaks, and whether the run sends the creations. */
const FAULTS: { title: string; writes?: boolean; fault: Fault; says: RegExp }[] = [
  {
    title: '[2.1.status] a status value that is not one of the three',
    fault: status((s, n) => (n === 2 ? { ...IN_PROGRESS, status: 'PENDING' } : s)),
    says: /breaks CarrierSetupStatus at \/status/,
  },
  {
    title: '[2.1.url] a url given while IN_PROGRESS',
    fault: status((s, n) => (n === 2 ? { ...IN_PROGRESS, url: 'https://files.shipping.example/early.json' } : s)),
    says: /at \/url/,
  },
  {
    title: '[2.1.expires_at] a COMPLETED status without expires_at',
    fault: status(({ expires_at: _, ...s }) => s),
    says: /at \/expires_at: is required/,
  },
  {
    title: '[2.1.expires_at] an expires_at that is not UTC',
    fault: status((s) => (s.expires_at ? { ...s, expires_at: s.expires_at.replace('Z', '+01:00') } : s)),
    says: /at \/expires_at/,
  },
  {
    title: '[3.IN_PROGRESS] a step back from IN_PROGRESS to REQUESTED',
    fault: status((s, n) => (n === 2 ? IN_PROGRESS : n === 3 ? { ...IN_PROGRESS, status: 'REQUESTED' } : s)),
    says: /stepped back from IN_PROGRESS to REQUESTED/,
  },
  {
    title: '[4.1.response] a status served as text/plain',
    fault: {
      rewrite: (request, answer) => {
        if (isStatus(request, answer)) answer.headers['content-type'] = 'text/plain';
      },
    },
    says: /served as text\/plain/,
  },
  {
    title: '[4.2.range] a 206 whose bytes are not the asked range',
    fault: {
      rewrite: (_request, answer) => {
        if (answer.status === 206) answer.body = Buffer.concat([answer.body.subarray(1), Buffer.from(' ')]);
      },
    },
    says: /are not those bytes of the whole file/,
  },
  {
    title: '[4.2.range] a 206 whose Content-Range is not the range asked for',
    fault: {
      rewrite: (_request, answer) => {
        if (answer.status === 206)
          answer.headers['content-range'] = answer.headers['content-range']!.replace(/^bytes \d+/, 'bytes 0');
      },
    },
    says: /Content-Range: bytes 0-73\//,
  },
  {
    title: '[4.2.range] a Range answered 200 with a body other than the whole file',
    fault: {
      forward: (headers) => {
        delete headers.range;
      },
      rewrite: (request, answer) => {
        if (isFile(request) && answer.status === 200 && seenRange(request))
          answer.body = Buffer.concat([answer.body.subarray(0, -1), Buffer.from(' ]')]);
      },
    },
    says: /answered 200 with a body that differs from the whole file from byte \d+ on/,
  },
  {
    title: '[4.2.returns] a file that breaks the schema',
    fault: {
      rewrite: (request, answer) => {
        if (!isFile(request) || answer.status !== 200) return;
        const file = JSON.parse(answer.body.toString('utf8'));
        file[1].code = 'Not Lowercase';
        answer.body = Buffer.from(JSON.stringify(file));
      },
    },
    says: /breaks CarrierSetupFile at \/1\/code/,
  },
  {
    title: '[8.url-lifetime] a file address that answers 410 before expires_at',
    fault: {
      answer: (request) =>
        isFile(request) && request.headers.authorization ? json(410, { title: 'Gone' }) : undefined,
    },
    says: /answered 410 before expires_at/,
  },
  {
    title: '[5.1.1] a request without credentials answered 200',
    fault: {
      answer: (request) =>
        request.headers.authorization ? undefined : json(200, { status: 'REQUESTED', expires_at: null, url: null }),
    },
    says: /without credentials was answered 200, not refused/,
  },
  {
    title: '[5.1.1] a wrong API key accepted',
    fault: {
      answer: (request) =>
        request.headers.authorization && request.headers.authorization !== basic(USER, KEY)
          ? json(200, { status: 'REQUESTED', expires_at: null, url: null })
          : undefined,
    },
    says: /with a wrong API key was answered 200/,
  },
  {
    title: '[5.1.1] a 401 without its WWW-Authenticate challenge',
    fault: {
      rewrite: (_request, answer) => {
        if (answer.status === 401) delete answer.headers['www-authenticate'];
      },
    },
    says: /The header WWW-Authenticate is missing/,
  },
  {
    title: '[5.1.1] a 401 that challenges with another scheme than Basic',
    fault: {
      rewrite: (_request, answer) => {
        if (answer.status === 401) answer.headers['www-authenticate'] = 'Bearer realm="basic"';
      },
    },
    says: /The header WWW-Authenticate: "Bearer realm=\\"basic\\"" must match pattern/,
  },
  {
    title: '[5.2.7] partner_id in a creation’s response',
    writes: true,
    fault: {
      rewrite: (request, answer) => {
        if (request.method === 'POST' && answer.status === 201)
          answer.body = Buffer.from(
            JSON.stringify({ ...JSON.parse(answer.body.toString('utf8')), partner_id: PARTNER_ID }),
          );
      },
    },
    says: /POST \/shipments answered 201: The Partner ID came back: partner_id in the body at \/partner_id/,
  },
  {
    title: '[5.2.7] a Partner-ID response header',
    fault: {
      rewrite: (request, answer) => {
        if (isStatus(request, answer)) answer.headers['partner-id'] = String(PARTNER_ID);
      },
    },
    says: /GET \/setups\/carriers answered 200: The Partner ID came back: the header Partner-ID/,
  },
  {
    title: '[5.2.2] the Partner-ID header refused on the download',
    fault: {
      answer: (request) =>
        isFile(request) && request.headers['partner-id'] ? json(400, { title: 'Partner-ID?' }) : undefined,
    },
    says: /GET \{url\} with Partner-ID was answered 400/,
  },
  {
    title: '[4.4.request] the contract’s example sales order refused',
    writes: true,
    fault: { answer: (request) => (request.path.endsWith('/sales_orders') ? json(422, { title: 'No.' }) : undefined) },
    says: /the contract's example salesOrder was answered 422/,
  },
];

describe('one fault planted at a time fails its rule, and the run exits 1', () => {
  for (const { title, writes, fault: planted, says } of FAULTS) {
    const rule = title.slice(1, title.indexOf(']'));
    it(`${title}: the rule fails`, async () => {
      fault = planted;
      const result = await conform(writes);
      expect(failed(result)).toContain(rule);
      expect(verdictOf(result, rule).details.join('\n')).toMatch(says);
      expect(result.exitCode).toBe(1);
    });
  }
});

describe('answers in other spellings that the contract allows pass', () => {
  const VARIANTS: Array<[string, Fault]> = [
    [
      'a Content-Range unit in another case (RFC 9110 §14.1)',
      {
        rewrite: (_request, answer) => {
          if (answer.status === 206)
            answer.headers['content-range'] = answer.headers['content-range']!.replace(/^bytes/, 'Bytes');
        },
      },
    ],
    [
      'a 206 whose Content-Range gives the length as *',
      {
        rewrite: (_request, answer) => {
          if (answer.status === 206)
            answer.headers['content-range'] = answer.headers['content-range']!.replace(/\/\d+$/, '/*');
        },
      },
    ],
    [
      'a 401 that lists another challenge before a lowercase basic one',
      {
        rewrite: (_request, answer) => {
          if (answer.status === 401) answer.headers['www-authenticate'] = 'Bearer, basic realm="sandbox"';
        },
      },
    ],
  ];
  for (const [title, planted] of VARIANTS)
    it(title, async () => {
      fault = planted;
      const result = await conform();
      expect(failed(result)).toEqual([]);
      expect(result.exitCode).toBe(0);
    });
});

it('a second run, which finds the generation of the first still valid, skips what it cannot see and fails nothing', async () => {
  await conform();
  const again = await conform();
  for (const id of ['3.no-request', '4.1.step-1'])
    expect(verdictOf(again, id)).toMatchObject({
      verdict: 'skipped',
      details: [
        'the first call returned COMPLETED: a generation of this account was under way already (run again once its address has expired)',
      ],
    });
  expect(verdictOf(again, '8.generation-time')).toMatchObject({
    verdict: 'skipped',
    details: ['the first call returned COMPLETED: the generation was not seen'],
  });
  expect(verdictOf(again, '3.REQUESTED')).toMatchObject({ verdict: 'skipped', details: ['REQUESTED was not seen'] });
  expect(again.exitCode).toBe(0);
});

it('sends the credentials to a file host named in SHIPPING_CREDENTIAL_ORIGINS, and tries it without them', async () => {
  // The file address points at the sandbox itself: another origin than the API's (the proxy's).
  fault = status((s) => (s.url ? { ...s, url: s.url.replace(proxy.origin, sandbox.origin) } : s));
  const result = await runConform({
    connection: { ...connection(), credentialOrigins: [`${sandbox.origin}/`] },
    pollIntervalMs: 30,
    timeoutMs: 5000,
  });
  expect(failed(result)).toEqual([]);
  expect(verdictOf(result, '4.2.returns').verdict).toBe('pass');
  expect(verdictOf(result, '5.1.1').details).toContain(
    'GET {url} without credentials was refused with 401 and WWW-Authenticate: Basic realm="sandbox" (HTTP\'s rule, RFC 9110 §15.5.2)',
  );
  expect(proxy.seen.filter(isFile)).toEqual([]);
});

it('never prints the query of a file address, which in a pre-signed address is its key', async () => {
  fault = {
    ...status((s) => (s.url ? { ...s, url: `${s.url}?signature=s3cr3t-signature` } : s)),
    answer: (request) => (request.path.includes('signature=') ? json(410, { title: 'Gone' }) : undefined),
  };
  const result = await conform();
  expect(verdictOf(result, '8.url-lifetime').details[0]).toMatch(
    /^http:\/\/127\.0\.0\.1:\d+\/files\/\S+\.json\?… answered 410/,
  );
  expect(JSON.stringify(result)).not.toContain('s3cr3t');
});

it('the command exits 1 on a planted fault, naming the rule', async () => {
  fault = FAULTS.find((f) => f.title.startsWith('[5.1.1] '))!.fault;
  const result = await run(['conform', '--poll-interval', '0.03'], {
    cwd: files.dir,
    env: { SHIPPING_BASE_URL: connection().baseUrl, SHIPPING_USER: USER, SHIPPING_API_KEY: KEY },
  });
  expect(result.code).toBe(1);
  expect(result.stdout).toMatch(/^FAIL {6}5\.1\.1 +GET \/setups\/carriers without credentials was answered 200/m);
  expect(result.stdout + result.stderr).not.toContain(KEY);
});

describe('a server that fails every request with Partner-ID, and none without', () => {
  it('files the failure under 5.2.2 with both answers, not under the rule of the operation', async () => {
    fault = { answer: (request) => (request.headers['partner-id'] ? json(500, { title: 'Oops' }) : undefined) };
    const result = await conform();
    expect(failed(result)).toEqual(['5.2.2']);
    expect(verdictOf(result, '5.2.2').details).toEqual(
      expect.arrayContaining([
        'GET /setups/carriers with Partner-ID was answered 500, application/json, body {"title":"Oops"}; the same request without it, 200, application/json, body {"status":"REQUESTED","expires_at":null,"url":null}',
        expect.stringMatching(/^GET \{url\} with Partner-ID was answered 500, .*; the same request without it, 200, /),
      ]),
    );
    expect(verdictOf(result, '4.1.response').verdict).toBe('pass');
    expect(result.exitCode).toBe(1);
  });

  it('where the request fails without the header too, blames the operation, not the header', async () => {
    fault = {
      answer: (request) =>
        request.path.endsWith('/setups/carriers') && request.headers.authorization === basic(USER, KEY)
          ? json(500, { title: 'Down' })
          : undefined,
    };
    const result = await conform();
    expect(failed(result)).toEqual(['4.1.response']);
    expect(verdictOf(result, '5.2.2').verdict).toBe('skipped');
    // The first call was sent twice with the API key: with the header, then once without it.
    const given = proxy.seen.filter((request) => request.headers.authorization === basic(USER, KEY));
    expect(given.map((request) => request.headers['partner-id'])).toEqual([String(PARTNER_ID), undefined]);
  });
});
