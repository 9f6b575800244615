import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { tooManyRequests } from '../lib/http-error';
import { RATE_LIMIT_NAMESPACE } from '../security/rate-limit-store';

/**
 * Failed sign-ins counted per account, whatever the address: the per-address
 * limit alone let 11 addresses make 110 guesses at one account in 10 minutes. After FREE_FAILURES
 * failures within WINDOW_MS of each other, the account is held for a delay that doubles with each
 * further failure, capped at MAX_DELAY_MS (docs/decisions/045-sign-in-throttle-per-account.md).
 *
 * A hold must not keep the owner out (docs/decisions/072-a-held-account-still-lets-its-owner-in.md):
 * - it holds the password alone; a second factor still finishes a sign-in (its password checked
 *   without saying whether it was right, so nobody learns a password while the account is held), and
 *   codes have their own count, so a stranger's wrong passwords do not hold them;
 * - an address that fails on an account past its allowance is held on that account for WINDOW_MS, so
 *   the address that caused a hold cannot take the first try when it ends: after the account's
 *   short delay, only the addresses that kept failing are held.
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

/** The counters, in memory or in Redis; the rules that use them are the functions below. */
export type SignInThrottle = {
  /** Milliseconds before `key` may try again; 0 when it may now. */
  waitMs(key: string): Promise<number>;
  /** Counts a failure on `key` (held after the allowance, as delayAfter says); the failures in a row now. */
  failed(key: string): Promise<number>;
  /** Holds `key` for `ms`, whatever its count. */
  hold(key: string, ms: number): Promise<void>;
  succeeded(key: string): Promise<void>;
  /** Told of each attempt refused while its account waits (the rate-limit metrics). */
  onRefused?: () => void;
};

/** The throttle's name for an account: passwords and codes tried on it count together. */
export const throttleKey = (kind: 'user' | 'admin', id: number) => `${kind}:${id}`;
/** The codes tried on an account, counted apart as well: a stranger's wrong passwords do not hold them. */
const codesKey = (account: string) => `${account}:codes`;
/** One address's tries on one account. */
const addressKey = (account: string, address: string) => `${account}@${address}`;
/** One known device's tries on the account it signed in to (auth/device-cookies.ts). */
const deviceKey = (account: string, device: string) => `${account}#${device}`;

/** 429 while any of `keys` must wait; otherwise nothing. */
async function refuseWhileHeld(throttle: SignInThrottle, ...keys: string[]): Promise<void> {
  const wait = Math.max(...(await Promise.all(keys.map((key) => throttle.waitMs(key)))));
  if (wait > 0) {
    throttle.onRefused?.();
    const minutes = Math.ceil(wait / 60_000);
    throw tooManyRequests(
      `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }
}

/**
 * A failure, counted on the account (the first of `keys`) and the others. From `address`, once the
 * account is past its allowance, that address is held on the account for the whole window.
 */
async function countFailure(throttle: SignInThrottle, keys: string[], address?: string): Promise<void> {
  const [accountFailures = 0] = await Promise.all(keys.map((key) => throttle.failed(key)));
  if (address !== undefined && accountFailures >= FREE_FAILURES)
    await throttle.hold(addressKey(keys[0]!, address), WINDOW_MS);
}

/**
 * One guess at a signed-in account's secret (its password, or a code: `codes`), counted as sign-ins
 * are: 429 while the account waits, a failure counted, a success clears the count. Whether it was right.
 */
export async function throttledAttempt(
  throttle: SignInThrottle,
  account: string,
  attempt: () => Promise<boolean>,
  { codes = false } = {},
): Promise<boolean> {
  const keys = codes ? [account, codesKey(account)] : [account];
  await refuseWhileHeld(throttle, ...keys);
  const ok = await attempt();
  if (ok) await Promise.all(keys.map((key) => throttle.succeeded(key)));
  else await countFailure(throttle, keys);
  return ok;
}

/**
 * A password typed to sign in to `account` from `address`. 429 while the address is held on the
 * account. While the account is held: 429 too, unless a second factor can finish the sign-in
 * (`finishesWithSecondFactor`); then the password is checked `blind`: nothing is counted or said
 * until the second step (signInCode), which fails alike for a wrong password or a wrong code.
 * Typed in a browser that signed in to the account before (`device`, the id of its device cookie):
 * held by that device's own failures only (knownDevicePassword).
 */
export async function signInPassword(
  throttle: SignInThrottle,
  account: string,
  address: string,
  finishesWithSecondFactor: () => Promise<boolean>,
  check: () => Promise<boolean>,
  device?: string,
): Promise<{ right: boolean; blind: boolean }> {
  if (device !== undefined) return knownDevicePassword(throttle, account, device, check);
  await refuseWhileHeld(throttle, addressKey(account, address));
  if ((await throttle.waitMs(account)) > 0) {
    if (!(await finishesWithSecondFactor())) await refuseWhileHeld(throttle, account);
    return { right: await check(), blind: true };
  }
  const right = await check();
  if (right) await throttle.succeeded(account);
  else await countFailure(throttle, [account], address);
  return { right, blind: false };
}

/**
 * A password typed in a browser that signed in to `account` before (docs/decisions/109-device-cookies.md):
 * neither the account's hold nor its address's applies, so strangers failing elsewhere do not keep the
 * owner out; the device has its own allowance and delays instead. A failure counts on the device and on
 * the account (a stolen device cookie does not guess for free); a success clears the device's count, and
 * the account's when it is not held (as signInCode).
 */
async function knownDevicePassword(
  throttle: SignInThrottle,
  account: string,
  device: string,
  check: () => Promise<boolean>,
): Promise<{ right: boolean; blind: boolean }> {
  const own = deviceKey(account, device);
  await refuseWhileHeld(throttle, own);
  const right = await check();
  if (!right) await countFailure(throttle, [own, account]);
  else await clearUnlessHeld(throttle, own, account);
  return { right, blind: false };
}

/** A success: `own`'s count cleared, and the account's when it is not held (others' failures stand). */
async function clearUnlessHeld(throttle: SignInThrottle, own: string, account: string): Promise<void> {
  await throttle.succeeded(own);
  if ((await throttle.waitMs(account)) === 0) await throttle.succeeded(account);
}

/**
 * A code finishing a sign-in from `address` (false at once when its password was wrong, checked
 * blind). Held by the codes' own count and the address, not by the account's hold on passwords: the
 * owner with their phone gets in while a stranger's guesses hold the account. A failure counts on the
 * account, the codes and the address; a success clears the codes' count, and the account's when it is
 * not held (a success does not lift a hold that others' failures put on).
 */
export async function signInCode(
  throttle: SignInThrottle,
  account: string,
  address: string,
  attempt: () => Promise<boolean>,
): Promise<boolean> {
  const codes = codesKey(account);
  await refuseWhileHeld(throttle, codes, addressKey(account, address));
  if (!(await attempt())) {
    await countFailure(throttle, [account, codes], address);
    return false;
  }
  await clearUnlessHeld(throttle, codes, account);
  return true;
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
  const current = (key: string) => {
    const counter = counters.get(key);
    if (counter && counter.expiresAt <= Date.now()) counters.delete(key);
    return counters.get(key);
  };
  const sweep = (now: number) => {
    // Names tried once and never again must not pile up: a sweep when the map grows.
    if (counters.size > 10_000) for (const [key, c] of counters) if (c.expiresAt <= now) counters.delete(key);
  };
  return {
    async waitMs(key) {
      return Math.max(0, (current(key)?.lockedUntil ?? 0) - Date.now());
    },
    async failed(key) {
      const now = Date.now();
      sweep(now);
      const failures = (current(key)?.failures ?? 0) + 1;
      counters.set(key, { failures, lockedUntil: now + delayAfter(failures), expiresAt: now + WINDOW_MS });
      return failures;
    },
    async hold(key, ms) {
      const now = Date.now();
      sweep(now);
      counters.set(key, {
        failures: current(key)?.failures ?? 0,
        lockedUntil: now + ms,
        expiresAt: now + ms,
      });
    },
    async succeeded(key) {
      counters.delete(key);
    },
  };
}

/** The same counters in Redis, shared by every instance; a Redis failure lets the attempt through. */
function redisThrottle(redis: Redis, log: FastifyBaseLogger): SignInThrottle {
  const redisKey = (key: string) => `${RATE_LIMIT_NAMESPACE}sign-in-failures:${key}`;
  const orAllow =
    <T>(fallback: T) =>
    (err: unknown) => {
      log.warn({ err }, 'Redis (sign-in throttle) is not answering');
      return fallback;
    };
  return {
    async waitMs(key) {
      const lockedUntil = await redis.hget(redisKey(key), 'lockedUntil').catch(orAllow(null));
      return Math.max(0, Number(lockedUntil ?? 0) - Date.now());
    },
    async failed(key) {
      const k = redisKey(key);
      const result = await redis
        .multi()
        .hincrby(k, 'failures', 1)
        .pexpire(k, WINDOW_MS)
        .exec()
        .catch(orAllow(null));
      const failures = Number(result?.[0]?.[1] ?? 0);
      const delay = delayAfter(failures);
      if (delay > 0) await redis.hset(k, 'lockedUntil', Date.now() + delay).catch(orAllow(0));
      return failures;
    },
    async hold(key, ms) {
      const k = redisKey(key);
      await redis
        .multi()
        .hset(k, 'lockedUntil', Date.now() + ms)
        .pexpire(k, ms)
        .exec()
        .catch(orAllow(null));
    },
    async succeeded(key) {
      await redis.del(redisKey(key)).catch(orAllow(0));
    },
  };
}
