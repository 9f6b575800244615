import { and, desc, eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { sessionCapEnd } from '../../shared/access';
import {
  ADMIN_SESSION_IDLE_MINUTES,
  ADMIN_SESSION_MAX_HOURS,
  USER_SESSION_IDLE_DAYS,
  USER_SESSION_MAX_DAYS,
} from '../../shared/constants';
import type { Db, Tx } from '../db/client';
import {
  type Admin,
  adminSessions,
  admins,
  microsoftAccounts,
  practiceMembers,
  practices,
  type User,
  userSessions,
  users,
} from '../db/schema';
import { batchedLookup } from '../lib/batched-lookup';
import type { Client } from '../lib/client';
import { randomToken, sha256Hex } from '../lib/tokens';
import { type Membership, membershipOfUser } from '../practices/membership';
import { hasSecondFactor } from './second-factors';

const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** 'Last seen' is kept to within this: finer would write on every request. */
const LAST_SEEN_STEP_MS = 5 * MINUTE_MS;

export type SessionKind = 'user' | 'admin';

/**
 * How long a session lives (docs/architecture.md#safety): `idleMs` after its last use (sliding), and never more
 * than `maxMs` after sign-in. A use moves the expiry on only when that gains `renewStepMs` or more (or
 * 'last seen' is out of date), so a busy session is not written on every request.
 */
const SESSION_LIFETIMES: Record<SessionKind, { idleMs: number; maxMs: number; renewStepMs: number }> = {
  user: {
    idleMs: USER_SESSION_IDLE_DAYS * DAY_MS,
    maxMs: USER_SESSION_MAX_DAYS * DAY_MS,
    renewStepMs: (USER_SESSION_IDLE_DAYS / 2) * DAY_MS,
  },
  admin: {
    idleMs: ADMIN_SESSION_IDLE_MINUTES * MINUTE_MS,
    maxMs: ADMIN_SESSION_MAX_HOURS * 60 * MINUTE_MS,
    renewStepMs: MINUTE_MS,
  },
};

// User and admin sessions live in separate tables under separate cookies: one never opens the other.
const tables = {
  user: { table: userSessions, subject: userSessions.userId, owners: users },
  admin: { table: adminSessions, subject: adminSessions.adminId, owners: admins },
} as const;

type Owner = { user: User; admin: Admin };

/** How a person proved who they are (RFC 8176): a password, a one-time code, a hardware key (passkey). */
/**
 * How a person proved who they are (RFC 8176): a password, a code, a passkey; `fed` signed in at
 * Microsoft, `mfa` Microsoft said with a second factor (docs/decisions/094-sign-in-with-microsoft.md).
 */
export type Amr = 'pwd' | 'otp' | 'hwk' | 'fed' | 'mfa';

/** Whether a sign-in proved a second factor: ours (a code, a passkey), or Microsoft's. */
export const provedSecondFactor = (amr: Amr[]) =>
  amr.some((method) => method === 'otp' || method === 'hwk' || method === 'mfa');

export type ValidSession<K extends SessionKind> = {
  /** The session's id (the SHA-256 of its token): what the note app's sessions are linked to. */
  id: string;
  owner: Owner[K];
  /** Users: how they signed in (the note app's `amr`). Empty for admins. */
  amr: Amr[];
  expiresAt: Date;
  renewed: boolean;
  /** When the person last proved it is them in this session (auth/recent-auth.ts). */
  reauthenticatedAt: Date;
  /** When the session opened: the whole sign-in `amr` describes (the note app's `auth_time`). */
  signedInAt: Date;
  /** Admins: the session was opened with, or enrolled, a second factor. Always false for users. */
  enrolled: boolean;
  /** The owner has a second factor on (TOTP, or a passkey). */
  twoFactor: boolean;
  /** Users: their practice (read in the same query). Always null for admins. */
  practice: Membership | null;
};

export type SessionStore<K extends SessionKind = SessionKind> = ReturnType<typeof sessionStore<K>>;

/**
 * The session look-up every authenticated request makes: the sessions with these ids (`ids`, a
 * placeholder: the SHA-256 of their tokens), each with its owner, their second factor and practice,
 * in one query. Exported for the bench's bare reference, which runs the same SQL (bench/api.mjs).
 */
export function sessionLookup<K extends SessionKind>(db: Db, kind: K) {
  const { table, subject, owners } = tables[kind];
  return db
    .select({
      id: table.id,
      owner: owners,
      expiresAt: table.expiresAt,
      createdAt: table.createdAt,
      lastSeenAt: table.lastSeenAt,
      reauthenticatedAt: table.reauthenticatedAt,
      enrolled: kind === 'admin' ? adminSessions.enrolled : sql<boolean>`false`,
      twoFactor: hasSecondFactor(kind, owners.id),
      practice: kind === 'user' ? membershipOfUser() : sql<null>`null`,
      amr: kind === 'user' ? sql<Amr[]>`${userSessions.amr}` : sql<Amr[]>`'{}'::text[]`,
    })
    .from(table)
    .innerJoin(owners, eq(owners.id, subject))
    .where(sql`${table.id} = any(${sql.placeholder('ids')})`);
}

/**
 * `onEnded`: called (not awaited) after sessions were deleted, however they ended: the note app's
 * sessions opened from them end too (oidc/note-app-logout.ts).
 */
export function sessionStore<K extends SessionKind>(
  db: Db,
  kind: K,
  { onEnded }: { onEnded?: () => void } = {},
) {
  const { table, subject, owners } = tables[kind];
  const { idleMs, maxMs, renewStepMs } = SESSION_LIFETIMES[kind];
  // Every authenticated request runs this: built once and prepared, and the requests that arrive
  // together share one query (batchedLookup).
  const findSessions = sessionLookup(db, kind).prepare(`find_${kind}_sessions`);
  const findSession = batchedLookup(async (ids) => {
    const rows = await findSessions.execute({ ids });
    return new Map(rows.map((r) => [r.id, r]));
  });
  const row = (
    id: string,
    subjectId: number,
    expiresAt: Date,
    client: Client | null,
    { enrolled, amr }: { enrolled: boolean; amr: Amr[] },
  ) => {
    const device = { expiresAt, ip: client?.ip ?? null, userAgent: client?.userAgent ?? null };
    return kind === 'user'
      ? { id, userId: subjectId, ...device, amr }
      : { id, adminId: subjectId, ...device, enrolled };
  };
  /**
   * The last moment a session may live: its absolute end, or its practice's cap on its members' sessions
   * if sooner (docs/decisions/092-a-practice-sign-in-policy.md).
   */
  const lastMoment = (createdAt: Date, practice: Membership | null) =>
    Math.min(createdAt.getTime() + maxMs, sessionCapEnd(practice, createdAt) ?? Number.POSITIVE_INFINITY);
  const ended = <T>(rows: T[]): T[] => {
    if (rows.length > 0) onEnded?.();
    return rows;
  };

  return {
    /**
     * A new session (proof of who it is counts from now: reauthenticatedAt). `amr`: how the person
     * proved who they are; for an admin, a second factor among them makes the session enrolled
     * (docs/architecture.md#safety).
     */
    async create(
      subjectId: number,
      client: Client | null = null,
      { amr = ['pwd'] }: { amr?: Amr[] } = {},
    ): Promise<{ token: string; expiresAt: Date }> {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + idleMs);
      const enrolled = provedSecondFactor(amr);
      const values = row(sha256Hex(token), subjectId, expiresAt, client, { enrolled, amr });
      // biome-ignore lint/suspicious/noExplicitAny: the row shape is chosen by kind above
      await db.insert(table).values(values as any);
      return { token, expiresAt };
    },

    /**
     * The session's owner (the user or admin row, read in the same query: one round trip per
     * authenticated request), or null once it is idle or too old. A use renews it (sliding expiry),
     * up to its absolute end.
     */
    async validate(token: string): Promise<ValidSession<K> | null> {
      const id = sha256Hex(token);
      const found = await findSession(id);
      if (!found) return null;
      const owner = found.owner as Owner[K];
      const proof = {
        id,
        amr: found.amr,
        reauthenticatedAt: found.reauthenticatedAt,
        signedInAt: found.createdAt,
        enrolled: found.enrolled,
        twoFactor: found.twoFactor,
        practice: found.practice,
      };
      const now = Date.now();
      const end = lastMoment(found.createdAt, found.practice);
      if (found.expiresAt.getTime() <= now || end <= now) {
        ended(await db.delete(table).where(eq(table.id, id)).returning({ id: table.id }));
        return null;
      }
      const renewal = Math.min(now + idleMs, end);
      const renews = renewal - found.expiresAt.getTime() >= renewStepMs;
      if (renews || now - found.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS) {
        const expiresAt = new Date(renewal);
        await db
          .update(table)
          .set({ expiresAt, lastSeenAt: new Date(now) })
          .where(eq(table.id, id));
        return { owner, expiresAt, renewed: true, ...proof };
      }
      return { owner, expiresAt: found.expiresAt, renewed: false, ...proof };
    },

    /** The person proved it is them again (auth/recent-auth.ts): sensitive actions open for a while. */
    async markReauthenticated(token: string): Promise<void> {
      await db
        .update(table)
        .set({ reauthenticatedAt: new Date() })
        .where(eq(table.id, sha256Hex(token)));
    },

    /** The admin enrolled a second factor in this session: it may now reach the admin area. */
    async markEnrolled(token: string): Promise<void> {
      await db
        .update(adminSessions)
        .set({ enrolled: true })
        .where(eq(adminSessions.id, sha256Hex(token)));
    },

    /** Ends the session; whose it was (to record the sign-out), or null when it had already ended. */
    async end(token: string): Promise<number | null> {
      const [gone] = ended(
        await db
          .delete(table)
          .where(eq(table.id, sha256Hex(token)))
          .returning({ subject }),
      );
      return gone?.subject ?? null;
    },

    /**
     * The subject's live sessions, most recently used first; `current` marks the one holding `token`.
     * One past its practice's cap is not live, though its row waits for its next use or the purge.
     */
    async list(subjectId: number, token: string) {
      const now = new Date();
      const rows = await db
        .select({
          id: table.id,
          ip: table.ip,
          userAgent: table.userAgent,
          lastSeenAt: table.lastSeenAt,
          createdAt: table.createdAt,
          practice: kind === 'user' ? membershipOfUser() : sql<null>`null`,
        })
        .from(table)
        .innerJoin(owners, eq(owners.id, subject))
        .where(and(eq(subject, subjectId), gt(table.expiresAt, now)))
        .orderBy(desc(table.lastSeenAt));
      const currentId = sha256Hex(token);
      return rows
        .filter((r) => lastMoment(r.createdAt, r.practice) > now.getTime())
        .map(({ practice: _, ...r }) => ({ ...r, current: r.id === currentId }));
    },

    /** Ends one of the subject's sessions by its id (from `list`); false when it is not theirs or gone. */
    async endOne(subjectId: number, id: string): Promise<boolean> {
      const gone = await db
        .delete(table)
        .where(and(eq(subject, subjectId), eq(table.id, id)))
        .returning({ id: table.id });
      return ended(gone).length > 0;
    },

    /** Ends every session of the subject, but the one given (the device that asked) if any. */
    async endAllFor(subjectId: number, keepToken?: string, tx: Db | Tx = db): Promise<number> {
      const condition = keepToken
        ? and(eq(subject, subjectId), ne(table.id, sha256Hex(keepToken)))
        : eq(subject, subjectId);
      const gone = await tx.delete(table).where(condition).returning({ id: table.id });
      return ended(gone).length;
    },

    /**
     * Users: ends the sessions of the practice's members, but the one given, that were not opened with a
     * Microsoft account of `tenant`: signed in at Microsoft (`amr` has 'fed') with the account they have
     * linked, which is of the tenant. A practice's rule that its team signs in with Microsoft holds from
     * when it is saved (docs/decisions/104-requiring-microsoft-ends-other-sessions.md). How many ended.
     */
    async endPracticeSessionsNotFrom(
      practiceId: number,
      tenant: string,
      keepToken: string,
      tx: Db | Tx = db,
    ): Promise<number> {
      if (kind !== 'user') return 0;
      const gone = await tx.execute(sql`delete from ${userSessions} s using ${practiceMembers} pm
        where pm.practice_id = ${practiceId} and s.user_id = pm.user_id and s.id <> ${sha256Hex(keepToken)}
          and not ('fed' = any(s.amr) and exists (select 1 from ${microsoftAccounts} ma
            where ma.user_id = s.user_id and ma.tid = ${tenant}))
        returning s.id`);
      return ended(gone.rows).length;
    },

    async purgeExpired(): Promise<void> {
      const now = Date.now();
      ended(
        await db
          .delete(table)
          .where(or(lt(table.expiresAt, new Date(now)), lt(table.createdAt, new Date(now - maxMs))))
          .returning({ id: table.id }),
      );
      // Users' sessions past their practice's cap (shared/access.ts sessionCapEnd, as SQL), so the note
      // app's sessions from them end too even when the person does not come back.
      if (kind === 'user')
        ended(
          await db
            .execute(sql`delete from ${userSessions} s using ${practiceMembers} pm, ${practices} p
            where pm.user_id = s.user_id and p.id = pm.practice_id and p.session_hours is not null
              and greatest(s.created_at, coalesce(p.session_cap_from, s.created_at))
                + make_interval(hours => p.session_hours) <= now()
            returning s.id`)
            .then((result) => result.rows),
        );
    },
  };
}
