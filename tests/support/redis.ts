// redis-server from the OS packages, started by the tests themselves on a free loopback port with
// nothing saved to disk (never the system's service), and stopped, paused or restarted by them.
// Without redis-server the Redis tests are skipped, and said so in one line (tests/support/
// redis-setup.ts); with SANDBOX_TEST_REQUIRE_REDIS=1, as .ci/run sets it, a missing redis-server fails.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { afterAll } from 'vitest';

/**
 * The path of redis-server, or undefined when it is not installed. SANDBOX_TEST_REDIS_SERVER names
 * another (the test of the skipped line names one that does not exist).
 */
export const redisServerPath: string | undefined = (() => {
  const named = process.env.SANDBOX_TEST_REDIS_SERVER;
  if (named !== undefined) return existsSync(named) ? named : undefined;
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : undefined;
})();

export const REDIS_MISSING =
  'Redis tests skipped: redis-server is not installed (Debian: sudo apt-get install redis-server).';

export interface TestRedis {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** Ends the server (SIGKILL: an outage, not a shutdown). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function launch(port: number): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'];
  const child = spawn(redisServerPath!, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let output = '';
    const read = (chunk: Buffer) => {
      output += chunk;
      if (output.includes('Ready to accept connections')) {
        child.stdout!.off('data', read);
        child.stdout!.resume();
        resolve(child);
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`redis-server on port ${port} ended (${code}): ${output}`)));
  });
}

const stopped = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** A redis-server of its own for the tests of one file, ended after the last of them. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  let child = await launch(port);
  const redis: TestRedis = {
    url: `redis://127.0.0.1:${port}`,
    port,
    async kill() {
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await stopped(child);
    },
    async restart() {
      child = await launch(port);
    },
    pause: () => child.kill('SIGSTOP'),
    resume: () => child.kill('SIGCONT'),
  };
  afterAll(() => redis.kill());
  return redis;
}
