import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/http-error';
import { RATE_LIMIT_NAMESPACE } from '../security/rate-limit-store';

/**
 * Failed sign-ins counted per account, whatever the address (design.md section 6): the per-address
 * limit alone let 11 addresses make 110 guesses at one account in 10 minutes. After FREE_FAILURES
 * failures within WINDOW_MS of each other, the account refuses sign-ins for a delay that doubles with
 * each further failure, capped at MAX_DELAY_MS, so an attacker cannot lock the real person out for long.
 * docs/decisions/045-sign-in-throttle-per-account.md.
 */
const FREE_FAILURES = 10;
const WINDOW_MS = 15 * 60_000;
const FIRST_DELAY_MS = 60_000;
const MAX_DELAY_MS = 5 * 60_000;

/** How long the account must wait after its `failures`-th failure in a row. */
function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_FAILURES), MAX_DELAY_MS);
}

type Counter = { failures: number; lockedUntil: number };

export type SignInThrottle = {
  /** Milliseconds before the account may try again; 0 when it may now. */
  waitMs(account: string): Promise<number>;
  failed(account: string): Promise<void>;
  succeeded(account: string): Promise<void>;
  /** Told of each attempt refused while its account waits (the rate-limit metrics). */
  onRefused?: () => void;
};

/** The throttle's name for an account: passwords and codes tried on it count together. */
export const throttleKey = (kind: 'user' | 'admin', id: number) => `${kind}:${id}`;

/** 429 while the account must wait; otherwise nothing. */
async function refuseWhileThrottled(throttle: SignInThrottle, key: string): Promise<void> {
  const wait = await throttle.waitMs(key);
  if (wait > 0) {
    throttle.onRefused?.();
    const minutes = Math.ceil(wait / 60_000);
    throw tooManyRequests(
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }
}

/**
 * One guess at an account's secret (a password or a code), counted as sign-ins are: 429 while the
 * account waits, a failure counted, a success clears the count. Whether it was right.
 */
export async function throttledAttempt(
  throttle: SignInThrottle,
  key: string,
  attempt: () => Promise<boolean>,
): Promise<boolean> {
  await refuseWhileThrottled(throttle, key);
  const ok = await attempt();
  if (ok) await throttle.succeeded(key);
  else await throttle.failed(key);
  return ok;
}

export function signInThrottle(
  redis: Redis | undefined,
  log: FastifyBaseLogger,
  onRefused?: () => void,
): SignInThrottle {
  return { ...(redis ? redisThrottle(redis, log) : memoryThrottle()), onRefused };
}

function memoryThrottle(): SignInThrottle {
  const counters = new Map<string, Counter & { expiresAt: number }>();
  const current = (account: string) => {
    const counter = counters.get(account);
    if (counter && counter.expiresAt <= Date.now()) counters.delete(account);
    return counters.get(account);
  };
  return {
    async waitMs(account) {
      return Math.max(0, (current(account)?.lockedUntil ?? 0) - Date.now());
    },
    async failed(account) {
      const now = Date.now();
      // Names tried once and never again must not pile up: a sweep when the map grows.
      if (counters.size > 10_000)
        for (const [key, c] of counters) if (c.expiresAt <= now) counters.delete(key);
      const failures = (current(account)?.failures ?? 0) + 1;
      counters.set(account, {
        failures,
        lockedUntil: now + delayAfter(failures),
        expiresAt: now + WINDOW_MS,
      });
    },
    async succeeded(account) {
      counters.delete(account);
    },
  };
}

/** The same counters in Redis, shared by every instance; a Redis failure lets the attempt through. */
function redisThrottle(redis: Redis, log: FastifyBaseLogger): SignInThrottle {
  const key = (account: string) => `${RATE_LIMIT_NAMESPACE}sign-in-failures:${account}`;
  const orAllow =
    <T>(fallback: T) =>
    (err: unknown) => {
      log.warn({ err }, 'Redis (sign-in throttle) is not answering');
      return fallback;
    };
  return {
    async waitMs(account) {
      const lockedUntil = await redis.hget(key(account), 'lockedUntil').catch(orAllow(null));
      return Math.max(0, Number(lockedUntil ?? 0) - Date.now());
    },
    async failed(account) {
      const k = key(account);
      const result = await redis
        .multi()
        .hincrby(k, 'failures', 1)
        .pexpire(k, WINDOW_MS)
        .exec()
        .catch(orAllow(null));
      const failures = Number(result?.[0]?.[1] ?? 0);
      const delay = delayAfter(failures);
      if (delay > 0) await redis.hset(k, 'lockedUntil', Date.now() + delay).catch(orAllow(0));
    },
    async succeeded(account) {
      await redis.del(key(account)).catch(orAllow(0));
    },
  };
}
