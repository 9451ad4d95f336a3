// redis-server from the OS packages, started on a free loopback port with nothing saved to disk
// (never the system's service), for the tests and the bench; and stopped, paused or restarted.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './cli.ts';

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

export const REDIS_INSTALL = 'Debian: sudo apt-get install redis-server';

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  /** The server's process id, for its CPU time. */
  pid(): number | undefined;
  /** Ends the server (SIGKILL: an outage, not a shutdown). */
  kill(): Promise<void>;
  /** Starts it again on the same port, empty. */
  restart(): Promise<void>;
  /** Freezes the server (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
}

function launch(port: number): Promise<ChildProcess> {
  if (!redisServerPath) throw new Error(`redis-server is not installed (${REDIS_INSTALL}).`);
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', '/tmp'];
  const child = spawn(redisServerPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
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

export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child = await launch(port);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: () => child.pid,
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
}
