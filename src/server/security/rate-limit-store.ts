import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Where the rate-limit counters live (the per-address limits and the per-account sign-in throttle).
 * With REDIS_URL, in Redis, so that an attacker spreading attempts over several instances behind a
 * load balancer meets one limit; without it, in the instance's memory (one instance, or a development
 * machine). If Redis stops answering, requests are let through and the failure is logged: a login
 * outage would hurt every dentist, while the limit's absence for a while is covered by argon2id's
 * cost per attempt.
 */
export async function connectLimitsRedis(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Promise<Redis | undefined> {
  if (!redisUrl) return undefined;
  // Loaded only when configured: ioredis is a heavy import (docs/performance.md#start-imports).
  const { Redis } = await import('ioredis');
  const redis = new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (rate limits) is not answering'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return redis;
}

export const RATE_LIMIT_NAMESPACE = 'chairnotes-rate-limit-';

export function rateLimitStore(
  redis: Redis | undefined,
): Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'> {
  if (!redis) return {};
  return { redis, nameSpace: RATE_LIMIT_NAMESPACE, skipOnError: true };
}
