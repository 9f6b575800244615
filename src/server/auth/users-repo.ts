import { and, eq, sql } from 'drizzle-orm';
import { noteAppEntitlement } from '../../shared/access';
import type { PublicUser } from '../../shared/schemas/auth';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { matchesLogin } from '../db/login-match';
import { admins, type User, users } from '../db/schema';
import { conflict } from '../lib/http-error';
import { referralCode } from '../lib/tokens';
import { type Membership, membershipOfUser } from '../practices/membership';
import { nextStreak } from './login-streak';
import { hasSecondFactor } from './second-factors';
import { claimUsername, isUsernameClash, USERNAME_TAKEN, usernameKey } from './usernames';

export const EMAIL_TAKEN = 'Email already registered';

/** An account made by accepting an invitation with Microsoft has no password: its hash is empty. */
export const hasPassword = (user: Pick<User, 'password'>): boolean => user.password !== '';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Turns a broken uniqueness rule into the 409 a person can act on. */
function userConflict(error: unknown): Error {
  const constraint = uniqueViolation(error);
  if (isUsernameClash(error)) return conflict(USERNAME_TAKEN);
  if (constraint === 'users_email_unique') return conflict(EMAIL_TAKEN);
  return error as Error;
}

/** Users' accounts. */
export function usersRepo(db: Db | Tx) {
  return {
    /** People sign in with their username or, as they often try, their email (db/login-match.ts). */
    async findByLogin(login: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(matchesLogin(users, login));
      return user;
    },

    async findById(id: number): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.id, id));
      return user;
    },

    /** The person the note app knows by `publicId` (the OpenID Connect `sub`), with their practice. */
    async findByPublicId(
      publicId: string,
    ): Promise<{ user: User; practice: Membership | null; twoFactor: boolean } | undefined> {
      // Only a well-formed id reaches the uuid column (anything else would be a cast error there).
      if (!UUID.test(publicId)) return undefined;
      const [row] = await db
        .select({ user: users, practice: membershipOfUser(), twoFactor: hasSecondFactor('user', users.id) })
        .from(users)
        .where(eq(users.publicId, publicId));
      return row;
    },

    async findByEmail(email: string): Promise<User | undefined> {
      const [user] = await db.select().from(users).where(eq(users.email, email));
      return user;
    },

    /**
     * Creates the user with a fresh referral code; a clash of codes (rare) is retried, a clash of name
     * (an admin's too, or one that looks the same: auth/usernames.ts) or email is a 409.
     */
    /** `termsVersion`: the terms the person agreed to as they registered (recorded with the time). */
    async create(input: {
      username: string;
      email: string;
      passwordHash: string;
      termsVersion?: string;
    }): Promise<User> {
      const key = usernameKey(input.username);
      for (let attempt = 0; ; attempt++) {
        try {
          return await db.transaction(async (tx) => {
            await claimUsername(tx, key, admins);
            const [user] = await tx
              .insert(users)
              .values({
                username: input.username,
                usernameKey: key,
                email: input.email,
                password: input.passwordHash,
                referralCode: referralCode(),
                ...(input.termsVersion
                  ? { termsVersion: input.termsVersion, termsAcceptedAt: new Date() }
                  : {}),
              })
              .returning();
            return user!;
          });
        } catch (error) {
          if (uniqueViolation(error) === 'users_referral_code_unique' && attempt < 5) continue;
          throw userConflict(error);
        }
      }
    },

    async recordLogin(user: User, ip: string, now = new Date()): Promise<User> {
      const [updated] = await db
        .update(users)
        .set({
          lastLoginAt: now,
          lastLoginIp: ip,
          loginCount: sql`${users.loginCount} + 1`,
          consecutiveLogins: nextStreak(user.lastLoginAt, user.consecutiveLogins, now),
        })
        .where(eq(users.id, user.id))
        .returning();
      return updated!;
    },

    /** Renames the user; a name an admin has, or another user's look-alike, is a 409. */
    async setUsername(id: number, username: string): Promise<User> {
      const key = usernameKey(username);
      try {
        return await db.transaction(async (tx) => {
          await claimUsername(tx, key, admins);
          const [updated] = await tx
            .update(users)
            .set({ username, usernameKey: key })
            .where(eq(users.id, id))
            .returning();
          return updated!;
        });
      } catch (error) {
        throw userConflict(error);
      }
    },

    /** Marks the email verified if it is still `email` (a link to an address no longer the user's does nothing). */
    async markEmailVerified(id: number, email: string, tx: Db | Tx = db): Promise<User | undefined> {
      const [updated] = await tx
        .update(users)
        .set({ emailVerified: true })
        .where(and(eq(users.id, id), eq(users.email, email)))
        .returning();
      return updated;
    },

    /** Applies a confirmed email change: the new address is verified by the link that confirmed it. */
    async setVerifiedEmail(id: number, email: string, tx: Db | Tx = db): Promise<User | undefined> {
      try {
        const [updated] = await tx
          .update(users)
          .set({ email, emailVerified: true })
          .where(eq(users.id, id))
          .returning();
        return updated;
      } catch (error) {
        throw userConflict(error);
      }
    },

    async setPassword(id: number, passwordHash: string, tx: Db | Tx = db): Promise<void> {
      await tx.update(users).set({ password: passwordHash }).where(eq(users.id, id));
    },

    /** The person signed in to the note app (a code exchanged): the access review's 'last note-app sign-in'. */
    async recordNoteAppSignIn(publicId: string, now = new Date()): Promise<void> {
      if (!UUID.test(publicId)) return;
      await db.update(users).set({ lastNoteAppSignInAt: now }).where(eq(users.publicId, publicId));
    },

    async delete(id: number, tx: Db | Tx = db): Promise<void> {
      await tx.delete(users).where(eq(users.id, id));
    },
  };
}

/**
 * What the session look-up knows of a user beyond their row: a second factor on, whether this session
 * was opened by Microsoft with its second factor, their practice.
 */
export type UserFacts = { twoFactor: boolean; microsoftMfa?: boolean; practice: Membership | null };

/**
 * The only shape in which a user leaves the server, with the facts of the session look-up
 * (auth/second-factors.ts, practices/practices-repo.ts).
 */
export function toPublicUser(user: User, { twoFactor, microsoftMfa, practice }: UserFacts): PublicUser {
  const entitlement = noteAppEntitlement({ ...user, twoFactor, microsoftMfa }, practice);
  const viaPractice = entitlement.through === 'practice' && practice;
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    emailVerified: user.emailVerified,
    plan: user.plan,
    subscriptionStatus: user.subscriptionStatus,
    hasDiscount: user.hasDiscount,
    billingInterval: user.billingInterval,
    role: user.role,
    referralCode: user.referralCode,
    referralCredits: user.referralCredits,
    loginCount: user.loginCount,
    consecutiveLogins: user.consecutiveLogins,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    noteAppAccess: entitlement.access,
    noteAppBlockedReason: entitlement.blockedReason,
    access: entitlement.access
      ? {
          plan: entitlement.plan,
          through: entitlement.through,
          practiceName: viaPractice ? viaPractice.name : null,
          managedBy: viaPractice ? viaPractice.ownerName : null,
        }
      : null,
    twoFactor,
    hasPassword: hasPassword(user),
    practice: practice && { id: practice.id, name: practice.name, role: practice.role },
  };
}
