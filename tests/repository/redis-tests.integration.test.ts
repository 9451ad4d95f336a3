// The Redis tests are never skipped in silence: without redis-server, a run says so in one line and
// reports them skipped; with SANDBOX_TEST_REQUIRE_REDIS=1 (as .ci/run sets it) the run fails.
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { binPath } from '../../dev/tools.ts';
import { root } from '../../dev/paths.ts';
import { REDIS_MISSING } from '../support/harness/redis.ts';

const run = (env: Record<string, string>) =>
  spawnSync(
    process.execPath,
    [
      binPath('vitest', 'vitest'),
      'run',
      '--project',
      'integration',
      'tests/sandbox/store.integration.test.ts',
      '--reporter=default',
    ],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', SANDBOX_TEST_REDIS_SERVER: '/nonexistent/redis-server', ...env },
    },
  );

describe('without redis-server', () => {
  it('skips the Redis tests and says how to install it, in one line', () => {
    const result = run({ SANDBOX_TEST_REQUIRE_REDIS: '' });
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.split('\n').filter((line) => line.includes(REDIS_MISSING))).toHaveLength(1);
    // The default reporter only: the run of this test writes test-results/, not the nested one.
    expect(result.stdout).toMatch(/Tests\s+2 skipped \(2\)/);
  });

  it('fails the run when SANDBOX_TEST_REQUIRE_REDIS=1', () => {
    const result = run({ SANDBOX_TEST_REQUIRE_REDIS: '1' });
    expect(result.status).not.toBe(0);
    expect(result.stdout + result.stderr).toMatch(/SANDBOX_TEST_REQUIRE_REDIS=1 but redis-server is not installed/);
  });
});
