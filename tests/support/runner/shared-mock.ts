// Global setup of the unit tests: one mock (the guard and Prism, as `npm run mock` serves it) for the
// test files that only send it requests (sharedMock() in tests/support/harness/mock.ts). It is
// started when the first of them asks for it, not before, and stopped after the run: each start of
// Prism costs about 1.5 CPU-seconds and a few seconds of wall, and four files started one each.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../../dev/cli.ts';
import { type RunningMock, startMock } from '../../../dev/mock/mock.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where a test file asks for the shared mock: a GET answers its url and baseUrl as JSON. */
    sharedMock: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let mock: Promise<RunningMock> | undefined;
  const broker = createServer((_request, response) => {
    mock ??= freePort().then((port) => startMock({ port }));
    mock.then(
      ({ url, baseUrl }) => response.end(JSON.stringify({ url, baseUrl })),
      (error: unknown) => {
        response.statusCode = 500;
        response.end(`The shared mock did not start: ${error instanceof Error ? error.message : error}`);
      },
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  project.provide('sharedMock', `http://127.0.0.1:${(broker.address() as AddressInfo).port}/`);
  return async () => {
    await new Promise((resolve) => broker.close(resolve));
    const running = await mock?.catch(() => undefined);
    await running?.stop();
  };
}
