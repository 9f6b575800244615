import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { oidcModels, oidcSigningKeys, users } from '../db/schema';

/** What oidc-provider stores: its payload, whole, as it handed it over. */
export type OidcPayload = Record<string, unknown> & {
  accountId?: string;
  grantId?: string;
  uid?: string;
  authorizations?: Record<string, { sid?: string; grantId?: string }>;
};

type NewSigningKey = { kid: string; alg: string; sealedJwk: string };

// Any fixed number, distinct from the migrations' (db/migrate.ts): serialises making the first key.
const FIRST_KEY_LOCK_ID = 727_274_016;

/** A note-app session row of the user (its account id is their public id). */
const accountIs = (userId: number) =>
  sql`${oidcModels.accountId} = (select ${users.publicId}::text from ${users} where ${users.id} = ${userId})`;

const live = () => or(isNull(oidcModels.expiresAt), sql`${oidcModels.expiresAt} > now()`);

/** The OpenID Provider's storage (the adapter's SQL) and its signing keys. */
export function oidcRepo(db: Db) {
  return {
    async upsert(
      model: string,
      id: string,
      payload: OidcPayload,
      expiresAt: Date | null,
      userSessionId: string | null,
    ): Promise<void> {
      const row = {
        model,
        id,
        payload,
        grantId: payload.grantId ?? null,
        uid: payload.uid ?? null,
        accountId: model === 'Session' ? (payload.accountId ?? null) : null,
        userSessionId,
        expiresAt,
      };
      await db
        .insert(oidcModels)
        .values(row)
        .onConflictDoUpdate({
          target: [oidcModels.model, oidcModels.id],
          set: {
            payload: row.payload,
            grantId: row.grantId,
            uid: row.uid,
            accountId: row.accountId,
            // A later save from a request without a ChairNotes session keeps the link it had.
            userSessionId: sql`coalesce(excluded.user_session_id, ${oidcModels.userSessionId})`,
            expiresAt: row.expiresAt,
          },
        });
    },

    async find(model: string, id: string): Promise<OidcPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcModels.payload, consumedAt: oidcModels.consumedAt })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(oidcModels.id, id), live()));
      if (!row) return undefined;
      const payload = row.payload as OidcPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    },

    async findByUid(model: string, uid: string): Promise<OidcPayload | undefined> {
      const [row] = await db
        .select({ payload: oidcModels.payload })
        .from(oidcModels)
        .where(and(eq(oidcModels.model, model), eq(oidcModels.uid, uid), live()));
      return row?.payload as OidcPayload | undefined;
    },

    async consume(model: string, id: string): Promise<void> {
      await db
        .update(oidcModels)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)));
    },

    async destroy(model: string, id: string): Promise<void> {
      await db.delete(oidcModels).where(and(eq(oidcModels.model, model), eq(oidcModels.id, id)));
    },

    /** Every code and token of a grant, whatever its model, and the grant itself. */
    async revokeGrant(grantId: string): Promise<void> {
      await db
        .delete(oidcModels)
        .where(
          or(eq(oidcModels.grantId, grantId), and(eq(oidcModels.model, 'Grant'), eq(oidcModels.id, grantId))),
        );
    },

    /**
     * Unlinks every note-app session of the person from the ChairNotes session it came from, so the
     * sweep ends them all (a password change ends them, whichever device they are on).
     */
    async unlinkSessionsOf(userId: number): Promise<void> {
      await db
        .update(oidcModels)
        .set({ userSessionId: null })
        .where(and(eq(oidcModels.model, 'Session'), accountIs(userId)));
    },

    /** The person's note-app sessions linked to one ChairNotes session, linked to another of theirs. */
    async relinkSessions(fromSessionId: string, toSessionId: string, userId: number): Promise<void> {
      await db
        .update(oidcModels)
        .set({ userSessionId: toSessionId })
        .where(
          and(
            eq(oidcModels.model, 'Session'),
            eq(oidcModels.userSessionId, fromSessionId),
            accountIs(userId),
          ),
        );
    },

    /**
     * Takes the note-app sessions whose ChairNotes session has ended: deleted here and handed back
     * once, so of several instances sweeping together only one sends each logout.
     */
    async takeUnlinkedSessions(): Promise<OidcPayload[]> {
      const rows = await db
        .delete(oidcModels)
        .where(and(eq(oidcModels.model, 'Session'), isNull(oidcModels.userSessionId)))
        .returning({ payload: oidcModels.payload });
      return rows.map((r) => r.payload as OidcPayload);
    },

    async purgeExpired(): Promise<void> {
      await db.delete(oidcModels).where(lt(oidcModels.expiresAt, sql`now()`));
    },

    signingKeys: {
      async list() {
        return db.select().from(oidcSigningKeys).orderBy(oidcSigningKeys.activatesAt);
      },
      async add(key: NewSigningKey, activatesAt: Date): Promise<void> {
        await db.insert(oidcSigningKeys).values({ ...key, activatesAt });
      },
      /**
       * Adds the first key of its algorithm unless there is one. Instances starting together on one
       * database would each add a key and sign with their own, which the others do not publish until
       * they read the keys again: a transaction-scoped advisory lock lets one add it and the others
       * see it.
       */
      async addFirst(key: NewSigningKey, activatesAt: Date): Promise<boolean> {
        return db.transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${FIRST_KEY_LOCK_ID})`);
          const [existing] = await tx
            .select({ kid: oidcSigningKeys.kid })
            .from(oidcSigningKeys)
            .where(eq(oidcSigningKeys.alg, key.alg))
            .limit(1);
          if (existing) return false;
          await tx.insert(oidcSigningKeys).values({ ...key, activatesAt });
          return true;
        });
      },
      async remove(kids: string[]): Promise<void> {
        if (kids.length === 0) return;
        await db.delete(oidcSigningKeys).where(inArray(oidcSigningKeys.kid, kids));
      },
    },
  };
}

export type OidcRepo = ReturnType<typeof oidcRepo>;
