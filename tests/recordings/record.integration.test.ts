// `npm run record`: traffic through the recording proxy reaches the target with its credentials,
// and the HAR file it writes holds none of them.
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkHar } from '../../dev/traffic/check-har.ts';
import { startRecorder } from '../../dev/traffic/record.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import { freePort } from '../../dev/cli.ts';
import { json, startServer, type TestServer } from '../support/harness/servers.ts';
import { tempDirForTests } from '../support/harness/temp.ts';
import { basic } from '../support/fixtures/basic.ts';

const examples = readJson(bundlePath).components.examples;
const USER = 'warehouse-api-user';
const KEY = 'k3y-Very-Secret-4711';
const BASIC = basic(USER, KEY);

let upstream: TestServer;
const received: Array<string | undefined> = [];
const dir = tempDirForTests('record-');
let har: string;
let files: string[];

beforeAll(async () => {
  upstream = await startServer((req, res) => {
    received.push(req.headers.authorization);
    if (req.headers.authorization !== BASIC) {
      res.writeHead(401, { 'www-authenticate': 'Basic realm="Shipping Service"' }).end();
    } else if (req.path === '/api/public/v3/setups/carriers') {
      json(res, 200, examples.CarrierSetupStatusInProgress.value);
    } else if (req.path === '/api/public/v3/shipments' && req.method === 'POST') {
      res.writeHead(201).end();
    } else {
      res.writeHead(404).end();
    }
  });
  har = path.join(dir, 'traffic.har');
  const recorder = await startRecorder({ target: `${upstream.origin}/api/public/v3`, har, port: await freePort() });
  try {
    const statusCall = await fetch(`${recorder.url}/setups/carriers`, { headers: { authorization: BASIC, 'partner-id': '10042' } });
    expect(statusCall.status).toBe(200);
    const create = await fetch(`${recorder.url}/shipments`, {
      method: 'POST',
      headers: { authorization: BASIC, 'content-type': 'application/json' },
      body: JSON.stringify(examples.ShipmentCreate.value),
    });
    expect(create.status).toBe(201);
    const refused = await fetch(`${recorder.url}/setups/carriers`);
    expect(refused.status).toBe(401);
  } finally {
    await recorder.stop();
  }
  files = readdirSync(dir);
});

afterAll(async () => {
  await upstream?.close();
});

describe('npm run record', () => {
  it('forwards the real credentials to the target, and none where the client sent none', () => {
    expect(received).toEqual([BASIC, BASIC, undefined]);
  });

  it('writes a HAR 1.2 file of the exchanges, addressed to the target', () => {
    const log = JSON.parse(readFileSync(har, 'utf8')).log;
    expect(log.version).toBe('1.2');
    expect(log.entries.map((e: any) => `${e.request.method} ${e.request.url} ${e.response.status}`)).toEqual([
      `GET ${upstream.origin}/api/public/v3/setups/carriers 200`,
      `POST ${upstream.origin}/api/public/v3/shipments 201`,
      `GET ${upstream.origin}/api/public/v3/setups/carriers 401`,
    ]);
  });

  it('writes no credential to any file, only the redaction', () => {
    const secrets = [KEY, USER, BASIC, Buffer.from(`${USER}:${KEY}`).toString('base64'), Buffer.from(KEY).toString('base64')];
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      for (const secret of secrets) expect(text.includes(secret), `${file} holds a credential`).toBe(false);
    }
    const auth = JSON.parse(readFileSync(har, 'utf8')).log.entries.flatMap((e: any) =>
      e.request.headers.filter((h: any) => h.name.toLowerCase() === 'authorization').map((h: any) => h.value),
    );
    expect(auth).toEqual(['Basic [redacted]', 'Basic [redacted]']);
  });

  it('records traffic that `npm run contract` can check', () => {
    const report = checkHar(har);
    expect(report.findings).toEqual([]);
    expect(report.exchanges).toBe(3);
  });
});

describe('npm run record, when it cannot start', () => {
  /** The Redocly proxies this test process started and that still run. */
  const proxies = () =>
    spawnSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((line) => line.includes('redocly') && line.includes(' proxy '));

  it('fails with the reason and leaves no process behind', async () => {
    const taken = await startServer(() => {});
    try {
      const port = Number(new URL(taken.origin).port);
      await expect(startRecorder({ target: 'https://shipping.example/api/public/v3', har: path.join(dir, 'never.har'), port })).rejects.toThrow(/^Port \d+ on 127.0.0.1 is in use; choose another with --port or RECORD_PORT\.$/);
      expect(proxies()).toEqual([]);
    } finally {
      await taken.close();
    }
  });

  it('refuses a target with credentials in it', async () => {
    await expect(startRecorder({ target: 'https://user:key@shipping.example/api/public/v3', har: path.join(dir, 'never.har') })).rejects.toThrow(/no credentials in the URL/);
  });
});
