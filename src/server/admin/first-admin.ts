import type { FastifyBaseLogger } from 'fastify';
import { adminsRepo } from '../auth/admins-repo';
import { hashPassword } from '../auth/password';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { randomToken } from '../lib/tokens';

/**
 * With no admin yet, creates one: from ADMIN_* when set, else 'admin' with a random password that
 * is printed once (and never stored in clear), so a fresh install can always be administered.
 */
export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger): Promise<void> {
  const repo = adminsRepo(db);
  if ((await repo.count()) > 0) return;
  const username = config.ADMIN_USERNAME ?? 'admin';
  const email = config.ADMIN_EMAIL ?? 'admin@localhost';
  const password = config.ADMIN_PASSWORD ?? randomToken();
  try {
    await repo.upsert({ username, email, passwordHash: await hashPassword(password) });
  } catch (err) {
    // Another instance starting at the same moment created it first: that is fine.
    if ((await repo.count()) > 0) {
      log.debug({ err }, 'first admin already created');
      return;
    }
    // Else a user has the name, or one that looks like it (docs/decisions/071-usernames-as-they-look.md): say so, and start without.
    log.error(
      { err, username },
      'no first admin: a user has this username or one that looks like it; set ADMIN_USERNAME',
    );
    return;
  }
  if (config.ADMIN_PASSWORD) {
    log.info({ username }, 'created the first admin from ADMIN_USERNAME / ADMIN_PASSWORD');
  } else {
    // Printed once, on purpose: the operator's only way to the admin area on a fresh install.
    console.log(
      `\nFirst admin created. Sign in at ${config.APP_URL}/admin with\n  username: ${username}\n  password: ${password}\nChange it with: npm run admin:create\n`,
    );
  }
}
