// Prism as a validation proxy in front of a small upstream: a conforming upstream passes, and an
// upstream that breaks the contract is reported as a violation, in both directions.
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startValidationProxy, type RunningPrism } from '../../dev/mock/prism.ts';
import { bundlePath, readJson } from '../support/harness/contract.ts';
import { freePort } from '../../dev/cli.ts';
import { json, type ReceivedRequest, startServer, type TestServer } from '../support/harness/servers.ts';
import { basic } from '../support/fixtures/basic.ts';

const examples = readJson(bundlePath).components.examples;
const AUTH = { authorization: basic('apiuser', 'apikey') };

/** What the upstream answers, switched per test. */
let answer: (request: ReceivedRequest, res: ServerResponse) => void;
let upstream: TestServer;
let proxy: RunningPrism;

beforeAll(async () => {
  upstream = await startServer((request, res) => answer(request, res));
  proxy = await startValidationProxy(upstream.origin, { port: await freePort() });
});

afterAll(async () => {
  await proxy?.stop();
  await upstream?.close();
});

interface Violation {
  location: string[];
  message: string;
}

async function call(path: string, init: RequestInit = {}): Promise<{ status: number; violations: Violation[] }> {
  const response = await fetch(proxy.url + path, { ...init, headers: { ...AUTH, ...init.headers } });
  await response.arrayBuffer();
  return { status: response.status, violations: JSON.parse(response.headers.get('sl-violations') ?? '[]') };
}

describe('prism proxy in front of an upstream', () => {
  it('passes a conforming setup status', async () => {
    answer = (_req, res) => json(res, 200, examples.CarrierSetupStatusCompleted.value);
    expect(await call('/setups/carriers')).toEqual({ status: 200, violations: [] });
  });

  it('passes a conforming setup file', async () => {
    answer = (_req, res) => json(res, 200, examples.CarrierSetupFile.value);
    expect(await call('/carrier-setup-file')).toEqual({ status: 200, violations: [] });
  });

  it('reports a status that has url filled in while REQUESTED', async () => {
    answer = (_req, res) =>
      json(res, 200, { ...examples.CarrierSetupStatusRequested.value, url: 'https://files.shipping.example/x.json' });
    const { violations } = await call('/setups/carriers');
    expect(violations.map((v) => v.location.join('.'))).toContain('response.body.url');
  });

  it('reports a setup file with a lowercase country code', async () => {
    const file = structuredClone(examples.CarrierSetupFile.value);
    file[0].products[0].country_combinations[0].receiver_country_code = 'dk';
    answer = (_req, res) => json(res, 200, file);
    const { violations } = await call('/carrier-setup-file');
    expect(violations.map((v) => v.location.join('.'))).toContain(
      'response.body.0.products.0.country_combinations.0.receiver_country_code',
    );
  });

  it('reports a request body that breaks the contract', async () => {
    answer = (_req, res) => res.writeHead(201).end();
    const body = structuredClone(examples.SalesOrderCreate.value);
    body.order_lines[0].vat_percent = '25 %';
    const { violations } = await call('/sales_orders', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(violations.map((v) => v.location.join('.'))).toContain('request.body.order_lines.0.vat_percent');
  });
});
