// Global setup of the unit tests: says once, in one line, that the Redis tests are skipped when
// redis-server is missing, or fails the run when SANDBOX_TEST_REQUIRE_REDIS=1 (as .ci/run sets it).
import { REDIS_INSTALL } from '../../../dev/redis.ts';
import { REDIS_MISSING, redisServerPath } from '../harness/redis.ts';

export default function setup(): void {
  if (redisServerPath) return;
  if (process.env.SANDBOX_TEST_REQUIRE_REDIS === '1')
    throw new Error(`SANDBOX_TEST_REQUIRE_REDIS=1 but redis-server is not installed (${REDIS_INSTALL}).`);
  process.stdout.write(`${REDIS_MISSING}\n`);
}
