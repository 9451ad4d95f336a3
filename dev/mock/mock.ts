// The mock as users run it (`npm run mock`, `npm start`, `npm run dev`): the guard on the public
// port, with Prism's mocker in the same process behind it (dev/mock/prism-http.ts). The guard
// listens first, so that a port in use is reported at once; a request that comes while the first
// operations are still being read waits for them, and is answered (never a 502). A new contract is
// a new array of operations, swapped in between two requests.
import { MOCK_BASE_PATH, startGuard } from './guard.ts';
import { createPrism, mockOperations, type Operations } from './prism-http.ts';
import { SETUP_FILE_PATH } from './routable.ts';

export interface MockOptions {
  host?: string;
  port: number;
  bodyLimit?: number;
  /** How the user changes the port, for the error when it is taken. */
  portHint?: { option: string; variable: string };
  /** The bundled description to answer from, or its promise; by default generated/openapi.json. */
  bundle?: unknown;
}

export interface RunningMock {
  /** The mock's origin, with no trailing slash. */
  url: string;
  /** The base URL of the API on the mock: the origin and /api/public/v3, as on the service. */
  baseUrl: string;
  stop: () => Promise<void>;
  /** Reads the bundle as it is now and answers from it. */
  reload: () => Promise<void>;
  /**
   * Reads the operations of `bundle` (by default the bundle as it is now) at once: `commit` answers
   * from them once they are read, and resolves with what takes them back (the mock answers again
   * from the operations before, unless others came since). Operations never committed are dropped
   * with the last reference to them.
   */
  prepare: (bundle?: unknown) => { commit: () => Promise<() => void> };
}

export async function startMock({
  host = '127.0.0.1',
  port,
  bodyLimit,
  portHint = { option: '--port', variable: 'MOCK_PORT' },
  bundle,
}: MockOptions): Promise<RunningMock> {
  const prism = createPrism();
  // The first operations are read once the guard's address is known (the COMPLETED status names it).
  let first: (operations: Promise<Operations>) => void = () => {};
  let operations = new Promise<Operations>((resolve) => (first = (read) => resolve(read)));
  const guard = await startGuard({
    answer: async (request) => prism.answer(await operations, request),
    host,
    port,
    bodyLimit,
    portHint,
  });
  const fileUrl = `${guard.url}${SETUP_FILE_PATH}`;
  first(Promise.resolve(bundle).then((document) => mockOperations(fileUrl, document)));
  try {
    await operations;
  } catch (error) {
    await guard.close();
    throw error;
  }
  const prepare = (bundle?: unknown) => {
    const next = mockOperations(fileUrl, bundle);
    // Its own failure is reported by commit, when committed.
    next.catch(() => {});
    return {
      commit: async () => {
        await next;
        const before = operations;
        operations = next;
        return () => {
          if (operations === next) operations = before;
        };
      },
    };
  };
  return {
    url: guard.url,
    baseUrl: `${guard.url}${MOCK_BASE_PATH}`,
    stop: guard.close,
    reload: async () => void (await prepare().commit()),
    prepare,
  };
}

export function mockBanner(baseUrl: string): string {
  return [
    `Mock of the Shipping Service Public API v3: ${baseUrl}`,
    `  Give the client baseUrl "${baseUrl}" (any Basic credentials; none get 401).`,
    `  curl -u apiuser:apikey ${baseUrl}/setups/carriers -H 'Prefer: example=completed'`,
  ].join('\n');
}

/** `npm run mock`: serves the mock until Ctrl-C. */
export async function serveMock({ port }: { port: number }): Promise<void> {
  const mock = await startMock({ port });
  console.log(mockBanner(mock.baseUrl));
  const stop = () => void mock.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
