// redis-server for the tests of one file (dev/redis.ts starts it on a free loopback port). Without
// redis-server the Redis tests are skipped, and said so in one line (tests/support/runner/redis-setup.ts);
// with SANDBOX_TEST_REQUIRE_REDIS=1, as .ci/run sets it, a missing redis-server fails the run.
import { onTestFinished } from 'vitest';
import { REDIS_INSTALL, type RedisServer, redisServerPath, startRedisServer } from '../../../dev/redis.ts';

export { redisServerPath };

export const REDIS_MISSING = `Redis tests skipped: redis-server is not installed (${REDIS_INSTALL}).`;

/** A redis-server of its own for one test, called inside it, and ended when the test ends. */
export async function startRedis(): Promise<RedisServer> {
  const redis = await startRedisServer();
  onTestFinished(() => redis.kill());
  return redis;
}
