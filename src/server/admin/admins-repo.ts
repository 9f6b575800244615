import { count, eq } from 'drizzle-orm';
import type { PublicAdmin } from '../../shared/schemas/auth';
import type { Db } from '../db/client';
import { matchesLogin } from '../db/login-match';
import { type Admin, admins } from '../db/schema';

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

    /** Creates the admin, or resets the password and email of the one with that username. */
    async upsert(input: {
      username: string;
      email: string;
      passwordHash: string;
    }): Promise<{ admin: Admin; created: boolean }> {
      const existing = await this.findByLogin(input.username);
      if (existing) {
        const [admin] = await db
          .update(admins)
          .set({ email: input.email.toLowerCase(), password: input.passwordHash })
          .where(eq(admins.id, existing.id))
          .returning();
        return { admin: admin!, created: false };
      }
      const [admin] = await db
        .insert(admins)
        .values({ username: input.username, email: input.email.toLowerCase(), password: input.passwordHash })
        .returning();
      return { admin: admin!, created: true };
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
