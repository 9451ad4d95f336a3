// Sandboxes started and stopped by the tests, and small request helpers.
import { startSandbox, type RunningSandbox, type SandboxAppOptions } from 'shipping-api-v3-sandbox';
import { until } from './until.ts';

const running = new Set<RunningSandbox>();

export async function sandbox(
  options: SandboxAppOptions & { host?: string; port?: number } = {},
): Promise<RunningSandbox> {
  const started = await startSandbox({ generationMs: 100, minPollMs: 0, ...options });
  running.add(started);
  const close = started.close;
  started.close = async (graceMs) => {
    running.delete(started);
    await close(graceMs);
  };
  return started;
}

/** Stops every sandbox still running; for afterEach. */
export async function closeSandboxes(): Promise<void> {
  await Promise.all([...running].map((s) => s.close()));
}

import { basic } from '../fixtures/basic.ts';

export { basic };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls GET /setups/carriers until COMPLETED (for up to 20 s); returns every status seen. */
export async function untilCompleted(
  baseUrl: string,
  user: string,
  pauseMs = 40,
): Promise<{ statuses: any[]; completed: any }> {
  const statuses: any[] = [];
  const completed = await until(
    `the carrier setup of ${user} to complete`,
    async () => {
      const response = await fetch(`${baseUrl}/setups/carriers`, { headers: { authorization: basic(user) } });
      if (response.status !== 200) {
        await response.body?.cancel();
        return undefined;
      }
      const status = await response.json();
      statuses.push(status);
      return status.status === 'COMPLETED' && status;
    },
    20_000,
    pauseMs,
  );
  return { statuses, completed };
}

export async function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
  user = 'tester',
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { authorization: basic(user), 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
