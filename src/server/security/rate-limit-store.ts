import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';

/**
 * Where the rate-limit counters live. With REDIS_URL, in Redis, so that an attacker spreading
 * attempts over several instances behind a load balancer meets one limit; without it, in the
 * instance's memory (one instance, or a development machine). If Redis stops answering, requests
 * are let through and the failure is logged: a login outage would hurt every dentist, while the
 * limit's absence for a while is covered by argon2id's cost per attempt.
 */
export function rateLimitStore(
  app: FastifyInstance,
  redisUrl: string | undefined,
): Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'> {
  if (!redisUrl) return {};
  const redis = new Redis(redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, lazyConnect: false });
  redis.on('error', (error) => app.log.warn({ err: error }, 'Redis (rate limits) is not answering'));
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect());
  });
  return { redis, nameSpace: 'chairnotes-rate-limit-', skipOnError: true };
}
