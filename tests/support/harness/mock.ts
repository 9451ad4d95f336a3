// The mock that the test files share (tests/support/runner/shared-mock.ts): started on the first
// call in a run, stopped after it. For files that only send it requests; a file that stops or
// restarts the mock starts its own (dev/mock/mock.ts).
import { inject } from 'vitest';

export interface SharedMock {
  /** The mock's origin, with no trailing slash. */
  url: string;
  /** The base URL of the API on the mock. */
  baseUrl: string;
}

export async function sharedMock(): Promise<SharedMock> {
  const response = await fetch(inject('sharedMock'));
  if (!response.ok) throw new Error(await response.text());
  return (await response.json()) as SharedMock;
}
