// `npm run oidc:rotate-keys`: adds a new OpenID Connect signing key of each algorithm and removes those
// retired long enough ago. The new keys are published at once and signs from KEY_ACTIVATION_DELAY_MS on, so every
// running instance has read it first (they read the keys every minute); tokens signed with the old
// key stay verifiable while they can still be in use (oidc/signing-keys.ts).
import { loadConfig } from '../config';
import { oidcRepo } from '../oidc/oidc-repo';
import { ensureSigningKeys, rotateSigningKeys } from '../oidc/signing-keys';
import { resolveSecretsKey } from '../secrets-key';
import { openMigratedDatabase } from '../start';

const config = loadConfig();
const database = await openMigratedDatabase(config);
try {
  const secretsKey = await resolveSecretsKey(config);
  const repo = oidcRepo(database.db);
  // On a database that never served: its first keys, so the new ones have something to succeed.
  await ensureSigningKeys(repo, secretsKey);
  const { added, activatesAt, removed } = await rotateSigningKeys(repo, secretsKey);
  for (const { alg, kid } of added)
    console.log(`New ${alg} signing key ${kid}: published now, signs from ${activatesAt.toISOString()}.`);
  console.log(removed.length ? `Removed retired keys: ${removed.join(', ')}.` : 'No retired key to remove.');
} finally {
  await database.close();
}
