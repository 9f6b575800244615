import type { JWK } from 'jose';
import { openSecret, sealSecret } from '../lib/secret-box';
import type { OidcRepo } from './oidc-repo';

/**
 * The algorithms ID tokens may be signed with, a key of each: ES256, the note app's; RS256, which
 * OpenID Connect Discovery requires every provider to offer. Each has its own line of keys, rotated
 * together.
 */
export const SIGNING_ALGS = ['ES256', 'RS256'] as const;
type SigningAlg = (typeof SIGNING_ALGS)[number];
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

type StoredKey = { kid: string; alg: string; sealedJwk: string; activatesAt: Date };
type NewKey = { kid: string; alg: SigningAlg; sealedJwk: string };

async function newSigningKey(secretsKey: Buffer, alg: SigningAlg): Promise<NewKey> {
  // Only a first start and a rotation make keys: jose is not loaded on every start.
  const { calculateJwkThumbprint, exportJWK, generateKeyPair } = await import('jose');
  const { privateKey } = await generateKeyPair(alg, { extractable: true, modulusLength: 2048 });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, alg, sealedJwk: sealSecret(secretsKey, JSON.stringify({ ...jwk, kid, alg, use: 'sig' })) };
}

/**
 * Keys whose successor (of the same algorithm) has signed for longer than RETIRED_KEY_KEPT_MS: no token
 * of theirs is in use.
 */
function expiredKeys(keys: StoredKey[], now: number): StoredKey[] {
  return keys.filter((key) => {
    const successor = keys.find(
      (k) => k.alg === key.alg && k.activatesAt > key.activatesAt && k.activatesAt.getTime() <= now,
    );
    return successor !== undefined && now - successor.activatesAt.getTime() > RETIRED_KEY_KEPT_MS;
  });
}

/**
 * The provider's key set: for each algorithm, the key that signs now first (oidc-provider signs with
 * the first key of an algorithm), then the keys still to activate and those still kept after retiring.
 * `version` changes whenever the set or a signing key does.
 */
export async function loadSigningKeys(
  repo: OidcRepo,
  secretsKey: Buffer,
  now = Date.now(),
): Promise<{ keys: JWK[]; version: string }> {
  const stored = await repo.signingKeys.list();
  const expired = new Set(expiredKeys(stored, now).map((k) => k.kid));
  const ordered = SIGNING_ALGS.flatMap((alg) => {
    const kept = stored.filter((k) => k.alg === alg && !expired.has(k.kid));
    const active = kept.filter((k) => k.activatesAt.getTime() <= now);
    // Oldest first from the database: the newest active key signs; before any is active, the oldest.
    const signing = active.at(-1) ?? kept[0];
    if (!signing) throw new Error(`no ${alg} OpenID Connect signing key: ensureSigningKeys first`);
    return [signing, ...kept.filter((k) => k !== signing)];
  });
  return {
    keys: ordered.map((k) => JSON.parse(openSecret(secretsKey, k.sealedJwk)) as JWK),
    version: ordered.map((k) => k.kid).join(','),
  };
}

/**
 * At start: a signing key of each algorithm that has none, active at once (at first start nothing has
 * been issued yet; an algorithm added later signs nothing until a client asks for it).
 */
export async function ensureSigningKeys(repo: OidcRepo, secretsKey: Buffer): Promise<void> {
  const stored = await repo.signingKeys.list();
  for (const alg of SIGNING_ALGS) {
    if (stored.some((k) => k.alg === alg)) continue;
    const key = await newSigningKey(secretsKey, alg);
    await repo.signingKeys.addFirst(key, new Date());
  }
}

/**
 * `npm run oidc:rotate-keys`: a new key of each algorithm, signing from `activationDelayMs` on, and the
 * keys retired long enough ago removed. Returns the new keys' ids and those removed.
 */
export async function rotateSigningKeys(
  repo: OidcRepo,
  secretsKey: Buffer,
  { now = Date.now(), activationDelayMs = KEY_ACTIVATION_DELAY_MS } = {},
): Promise<{ added: { alg: SigningAlg; kid: string }[]; activatesAt: Date; removed: string[] }> {
  const activatesAt = new Date(now + activationDelayMs);
  const added = [];
  for (const alg of SIGNING_ALGS) {
    const key = await newSigningKey(secretsKey, alg);
    await repo.signingKeys.add(key, activatesAt);
    added.push({ alg, kid: key.kid });
  }
  const removed = expiredKeys(await repo.signingKeys.list(), now).map((k) => k.kid);
  await repo.signingKeys.remove(removed);
  return { added, activatesAt, removed };
}
