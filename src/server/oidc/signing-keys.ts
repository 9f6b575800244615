import type { JWK } from 'jose';
import { openSecret, sealSecret } from '../lib/secret-box';
import type { OidcRepo } from './oidc-repo';

const ALG = 'ES256';
const MINUTE_MS = 60_000;

/** Each instance reads the keys again this often (oidc/provider.ts), so a new key reaches them all. */
export const KEY_REFRESH_MS = MINUTE_MS;
/**
 * A new key is published at once but signs only from this long after: by then every instance has
 * read it, so whichever instance a note app fetches the keys from knows the key of any token it holds
 * (oidc-provider's advice for rotation across several processes).
 */
export const KEY_ACTIVATION_DELAY_MS = 3 * KEY_REFRESH_MS;
/**
 * A key that no longer signs stays published this long: ID tokens live 10 minutes, and a note app
 * may still send an older one as `id_token_hint` when it signs someone out.
 */
export const RETIRED_KEY_KEPT_MS = 24 * 60 * MINUTE_MS;

type StoredKey = { kid: string; sealedJwk: string; activatesAt: Date };

async function newSigningKey(secretsKey: Buffer): Promise<{ kid: string; sealedJwk: string }> {
  // Only a first start and a rotation make keys: jose is not loaded on every start.
  const { calculateJwkThumbprint, exportJWK, generateKeyPair } = await import('jose');
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, sealedJwk: sealSecret(secretsKey, JSON.stringify({ ...jwk, kid, alg: ALG, use: 'sig' })) };
}

/** Keys whose successor has signed for longer than RETIRED_KEY_KEPT_MS: no token of theirs is in use. */
function expiredKeys(keys: StoredKey[], now: number): StoredKey[] {
  return keys.filter((key) => {
    const successor = keys.find((k) => k.activatesAt > key.activatesAt && k.activatesAt.getTime() <= now);
    return successor !== undefined && now - successor.activatesAt.getTime() > RETIRED_KEY_KEPT_MS;
  });
}

/**
 * The provider's key set: the key that signs now first (oidc-provider signs with the first key of an
 * algorithm), then the keys still to activate and those still kept after retiring. `version` changes
 * whenever the set or the signing key does.
 */
export async function loadSigningKeys(
  repo: OidcRepo,
  secretsKey: Buffer,
  now = Date.now(),
): Promise<{ keys: JWK[]; version: string }> {
  const stored = await repo.signingKeys.list();
  const expired = new Set(expiredKeys(stored, now).map((k) => k.kid));
  const kept = stored.filter((k) => !expired.has(k.kid));
  const active = kept.filter((k) => k.activatesAt.getTime() <= now);
  // Oldest first from the database: the newest active key signs; before any is active, the oldest.
  const signing = active.at(-1) ?? kept[0];
  if (!signing) throw new Error('no OpenID Connect signing key: ensureSigningKey first');
  const ordered = [signing, ...kept.filter((k) => k !== signing)];
  return {
    keys: ordered.map((k) => JSON.parse(openSecret(secretsKey, k.sealedJwk)) as JWK),
    version: ordered.map((k) => k.kid).join(','),
  };
}

/** At first start: a signing key, active at once (nothing has been issued yet). */
export async function ensureSigningKey(repo: OidcRepo, secretsKey: Buffer): Promise<void> {
  if ((await repo.signingKeys.list()).length > 0) return;
  const key = await newSigningKey(secretsKey);
  await repo.signingKeys.addFirst(key.kid, key.sealedJwk, new Date());
}

/**
 * `npm run oidc:rotate-keys`: a new key, signing from `activationDelayMs` on, and the keys retired
 * long enough ago removed. Returns the new key's id and those removed.
 */
export async function rotateSigningKeys(
  repo: OidcRepo,
  secretsKey: Buffer,
  { now = Date.now(), activationDelayMs = KEY_ACTIVATION_DELAY_MS } = {},
): Promise<{ kid: string; activatesAt: Date; removed: string[] }> {
  const key = await newSigningKey(secretsKey);
  const activatesAt = new Date(now + activationDelayMs);
  await repo.signingKeys.add(key.kid, key.sealedJwk, activatesAt);
  const removed = expiredKeys(await repo.signingKeys.list(), now).map((k) => k.kid);
  await repo.signingKeys.remove(removed);
  return { kid: key.kid, activatesAt, removed };
}
