import { afterEach, describe, expect, it } from 'vitest';
import { closeAll, startServer } from '../support/harness/servers.ts';
import { runScript } from '../support/harness/scripts.ts';

afterEach(closeAll);

// The ports of the surrounding environment are left out: each case sets its own.
const run = (script: string, args: string[], env: Record<string, string> = {}) =>
  runScript(script, args, { env: { MOCK_PORT: undefined, DOCS_PORT: undefined, ...env } });

describe('npm run mock: bad flags and values', () => {
  const cases: Array<[string, string[], Record<string, string>, RegExp]> = [
    [
      '--port notaport',
      ['--port', 'notaport'],
      {},
      /^error: option '--port <port>' argument 'notaport' is invalid\. it is not a TCP port \(1 to 65535\)\.$/,
    ],
    [
      'MOCK_PORT=99999',
      [],
      { MOCK_PORT: '99999' },
      /^error: option '--port <port>' value '99999' from env 'MOCK_PORT' is invalid\. it is not a TCP port \(1 to 65535\)\.$/,
    ],
    ['-p 5000', ['-p', '5000'], {}, /^error: unknown option '-p'$/],
    ['--prot 5000', ['--prot', '5000'], {}, /^error: unknown option '--prot'\n\(Did you mean --port\?\)$/],
  ];
  for (const [name, args, env, message] of cases) {
    it(`${name}: an error in a line, no stack trace, nothing started`, () => {
      const result = run('mock.ts', args, env);
      expect(result.status).toBe(1);
      expect(result.stderr.trim()).toMatch(message);
      expect(result.stdout).toBe('');
    });
  }
});

describe('a port in use', () => {
  it('npm run mock names the port, --port and MOCK_PORT in one line', async () => {
    const taken = await startServer(() => {});
    const port = new URL(taken.origin).port;
    const result = run('mock.ts', ['--port', port]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`Port ${port} on 127.0.0.1 is in use; choose another with --port or MOCK_PORT.`);
  });

  it('npm start names the docs port, --docs-port and DOCS_PORT in one line', async () => {
    const taken = await startServer(() => {});
    const port = new URL(taken.origin).port;
    // Without the refresh of the generated files that comes before the servers: build:check checks them.
    const result = run('start.ts', [], { DOCS_PORT: port, START_SKIP_REFRESH: '1' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Port ${port} on 127.0.0.1 is in use; choose another with --docs-port or DOCS_PORT.`,
    );
  });
});
