import { count, eq } from 'drizzle-orm';
import type { PublicAdmin } from '../../shared/schemas/auth';
import type { Db } from '../db/client';
import { matchesLogin } from '../db/login-match';
import { type Admin, admins, users } from '../db/schema';
import { conflict } from '../lib/http-error';
import { claimUsername, isUsernameClash, USERNAME_TAKEN, usernameKey } from './usernames';

/**
 * The admins' accounts: identity, as users-repo.ts is the users', so auth/ (sign-in, sessions, second factors)
 * reads them here; the admin area's pages and routes build on it.
 */
export function adminsRepo(db: Db) {
  return {
    async findByLogin(login: string): Promise<Admin | undefined> {
      const [admin] = await db.select().from(admins).where(matchesLogin(admins, login));
      return admin;
    },

    async findById(id: number): Promise<Admin | undefined> {
      const [admin] = await db.select().from(admins).where(eq(admins.id, id));
      return admin;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(admins);
      return row?.n ?? 0;
    },

    /**
     * Creates the admin, or resets the password and email of the one with that username. A name a
     * user has, or one that looks like another's (auth/usernames.ts), is refused with a 409.
     */
    async upsert(input: {
      username: string;
      email: string;
      passwordHash: string;
    }): Promise<{ admin: Admin; created: boolean }> {
      const key = usernameKey(input.username);
      const email = input.email.toLowerCase();
      try {
        return await db.transaction(async (tx) => {
          await claimUsername(tx, key, users);
          const [existing] = await tx.select().from(admins).where(matchesLogin(admins, input.username));
          if (existing) {
            const [admin] = await tx
              .update(admins)
              .set({ email, password: input.passwordHash, usernameKey: key })
              .where(eq(admins.id, existing.id))
              .returning();
            return { admin: admin!, created: false };
          }
          const [admin] = await tx
            .insert(admins)
            .values({ username: input.username, usernameKey: key, email, password: input.passwordHash })
            .returning();
          return { admin: admin!, created: true };
        });
      } catch (error) {
        throw isUsernameClash(error) ? conflict(USERNAME_TAKEN) : error;
      }
    },
  };
}

/** `enrolled`: the session has a second factor; until then the admin area answers only enrolment. */
export function toPublicAdmin(admin: Admin, enrolled: boolean): PublicAdmin {
  return {
    id: admin.id,
    username: admin.username,
    email: admin.email,
    role: admin.role,
    createdAt: admin.createdAt.toISOString(),
    enrolmentRequired: !enrolled,
  };
}
