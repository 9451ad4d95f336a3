// CORS of a hosted sandbox (corsOrigin, --cors-origin, SANDBOX_CORS_ORIGIN): the exact origins named
// get their CORS headers on preflights and answers, 401s included; any other origin gets none; a
// value that is not an origin is refused when the sandbox is made, naming the option.
import { Command } from 'commander';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createSandbox, SandboxOptionsError } from 'shipping-api-v3-sandbox';
import { sandboxFlags, sandboxSettings } from '../../packages/cli/src/sandbox-flags.ts';

const DOCS = 'https://docs.example.com';
const app = createSandbox({ corsOrigin: `${DOCS}, http://127.0.0.1:8080`, minPollMs: 0 });
afterAll(() => app.close());

const basic = `Basic ${Buffer.from('apiuser:apikey').toString('base64')}`;

describe('a sandbox with corsOrigin', () => {
  it('answers the preflight of a named origin for the headers a page sends, without credentials', async () => {
    const response = await app.inject({
      method: 'OPTIONS',
      url: '/api/public/v3/shipments',
      headers: {
        origin: DOCS,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type,partner-id',
      },
    });
    expect(response.statusCode).toBe(204);
    expect(response.headers['access-control-allow-origin']).toBe(DOCS);
    expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain('partner-id');
    expect(String(response.headers['access-control-allow-methods'])).toContain('POST');
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('names the origin on the answer, a 401 too, and exposes Retry-After and Content-Range', async () => {
    const ok = await app.inject({
      url: '/api/public/v3/setups/carriers',
      headers: { origin: 'http://127.0.0.1:8080', authorization: basic },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    expect(String(ok.headers['access-control-expose-headers'])).toContain('Retry-After');
    expect(String(ok.headers['access-control-expose-headers'])).toContain('Content-Range');
    const refused = await app.inject({ url: '/api/public/v3/setups/carriers', headers: { origin: DOCS } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(DOCS);
  });

  it('gives no CORS header to an origin it does not name', async () => {
    const response = await app.inject({
      url: '/api/public/v3/setups/carriers',
      headers: { origin: 'https://elsewhere.example', authorization: basic },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/public/v3/setups/carriers',
      headers: { origin: 'https://elsewhere.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });
});

it('answers no CORS without corsOrigin', async () => {
  const plain = createSandbox();
  try {
    const response = await plain.inject({
      url: '/api/public/v3/setups/carriers',
      headers: { origin: DOCS, authorization: basic },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  } finally {
    await plain.close();
  }
});

it('refuses a value that is not exactly an origin, naming the option and the value', () => {
  for (const value of [
    '*',
    'https://docs.example.com/',
    'https://docs.example.com/reference',
    'docs.example.com',
    'ftp://x.example',
  ]) {
    expect(() => createSandbox({ corsOrigin: value }), value).toThrow(SandboxOptionsError);
    expect(() => createSandbox({ corsOrigin: value }), value).toThrow(`corsOrigin: ${JSON.stringify(value)}`);
  }
});

it('is read from --cors-origin and from SANDBOX_CORS_ORIGIN, the flag first', () => {
  const corsOrigin = (argv: string[]) => {
    const command = new Command('sandbox').exitOverride();
    for (const option of sandboxFlags()) command.addOption(option);
    command.parse(argv, { from: 'user' });
    return sandboxSettings(command).corsOrigin;
  };
  expect(corsOrigin([])).toBeUndefined();
  vi.stubEnv('SANDBOX_CORS_ORIGIN', DOCS);
  try {
    expect(corsOrigin([])).toBe(DOCS);
    expect(corsOrigin(['--cors-origin', 'http://127.0.0.1:8080'])).toBe('http://127.0.0.1:8080');
  } finally {
    vi.unstubAllEnvs();
  }
});
