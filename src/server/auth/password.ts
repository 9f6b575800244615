import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id minimum (m=19 MiB, t=2, p=1), set explicitly rather than trusting library defaults.
const ARGON2ID = 2;
const options = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time. Unbounded, a burst of sign-ins put four hashes (libuv's four
 * threads) on a 2-core machine and starved the main thread, which serves every other request (and, on
 * PGlite, the database): GET /api/user's p99 grew tenfold beside a burst of sign-ins
 * (docs/performance.md#password-hashing). Logins wait their turn instead.
 */
const MAX_CONCURRENT = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next in line (running stays the same), or free it.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, options));
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown user) it still does the work
 * of one verification, so the answer takes as long for an unknown user as for a wrong password.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password');
    const known = await dummyHash;
    await limited(() => verify(known, password)).catch(() => false);
    return false;
  }
  return limited(() => verify(storedHash, password)).catch(() => false);
}
