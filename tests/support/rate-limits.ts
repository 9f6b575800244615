import type { Redis } from 'ioredis';
import { RATE_LIMIT_NAMESPACE } from '../../src/server/security/rate-limit-store';

/**
 * Clears the rate-limit counters in Redis (the per-address limits and the sign-in throttle), so that a
 * suite counts from zero: an earlier run's requests from this address, this suite's or another's, are
 * still inside their 10-minute window, and would refuse the ones the suite expects to pass.
 */
export async function clearRateLimitCounts(redis: Redis): Promise<void> {
  const keys = await redis.keys(`${RATE_LIMIT_NAMESPACE}*`);
  if (keys.length) await redis.del(...keys);
}
