// The sandbox's log in this process: createSandbox logs nothing unless given a level, logs at the level
// given to the destination given, writes a fault of its own as one error line with its stack and the
// route, and refuses a level it does not know. The log of the processes: logging.integration.test.ts.
import { describe, expect, it } from 'vitest';
import { createSandbox, SandboxOptionsError } from 'shipping-api-v3-sandbox';

describe('createSandbox', () => {
  const lines = () => {
    const written: string[] = [];
    return { written, destination: { write: (line: string) => written.push(line) } };
  };

  it('logs nothing unless given a level', async () => {
    const log = lines();
    const app = createSandbox({ logDestination: log.destination });
    expect((await app.inject({ method: 'GET', url: '/_sandbox/health/live' })).statusCode).toBe(200);
    await app.close();
    expect(log.written).toEqual([]);
  });

  it('logs at the level given, to the destination given', async () => {
    const log = lines();
    const app = createSandbox({ logLevel: 'debug', logDestination: log.destination });
    await app.inject({ method: 'GET', url: '/_sandbox/health/live' });
    await app.close();
    expect(log.written.map((line) => JSON.parse(line))).toMatchObject([
      { method: 'GET', route: '/_sandbox/health/live', msg: 'request received' },
      { method: 'GET', route: '/_sandbox/health/live', status: 200, msg: 'request completed' },
    ]);
  });

  it('logs a fault of the sandbox itself as an error line with its stack, naming the route, not the address', async () => {
    const log = lines();
    const app = createSandbox({ logLevel: 'warn', logDestination: log.destination });
    // No request makes the sandbox fail; a route that throws stands in for a fault of its own.
    app.get('/files/:hash/:name/fault', () => {
      throw new Error('a fault planted by this test');
    });
    const response = await app.inject({ method: 'GET', url: '/files/h/secret-token.json/fault' });
    await app.close();
    expect(response.statusCode).toBe(500);
    // At warn, the fault is the one line: the request lines are debug.
    expect(log.written).toHaveLength(1);
    const line = JSON.parse(log.written[0]!);
    expect(line).toMatchObject({
      level: 50,
      msg: 'request failed: a fault of the sandbox',
      method: 'GET',
      route: '/files/:hash/:name/fault',
      err: { message: 'a fault planted by this test' },
    });
    expect(line.err.stack).toContain('logging.test.ts');
    expect(log.written.join('')).not.toContain('secret-token');
  });

  it('refuses a log level it does not know, naming the option', () => {
    expect(() => createSandbox({ logLevel: 'loud' as never })).toThrow(SandboxOptionsError);
    expect(() => createSandbox({ logLevel: 'loud' as never })).toThrow(
      'logLevel must be one of fatal, error, warn, info, debug, trace, silent (got "loud").',
    );
  });
});
