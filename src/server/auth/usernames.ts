import { and, asc, eq, gt, isNull, type SQL, sql } from 'drizzle-orm';
import unhomoglyph from 'unhomoglyph';
import type { Db, Tx } from '../db/client';
import { uniqueViolation } from '../db/errors';
import { admins, users } from '../db/schema';
import { conflict } from '../lib/http-error';

// One name is one person's, among users and admins alike, however it is written: names that differ
// only by case or by characters that look alike are one name (docs/decisions/071-usernames-as-they-look.md).

export const USERNAME_TAKEN = 'Username already exists';

/**
 * The name as it looks: compatibility forms folded (fullwidth 'Ａ' is 'A'), lower case, then the
 * Unicode confusables skeleton (UTS #39: NFD, map each look-alike to its prototype, NFD), lower-cased
 * again as some prototypes are capitals ('0' maps to 'O'). For comparing only: never shown.
 */
export function usernameKey(username: string): string {
  const folded = username.trim().normalize('NFKC').toLowerCase().normalize('NFD');
  return unhomoglyph(folded).normalize('NFD').toLowerCase();
}

type NameTable = typeof users | typeof admins;

/**
 * Each table's unique index on username_key keeps a name once within it; across the two, a claim
 * takes a transaction lock on the key before looking in the other table, and holds it until its
 * insert or rename commits: a user and an admin claiming one name at once cannot both win.
 */
const NAME_LOCK_CLASS = 727_274_071;

/** In `tx`: refuses (409) a name whose key `other` holds; the caller then writes the key in its own table. */
export async function claimUsername(tx: Tx, key: string, other: NameTable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${NAME_LOCK_CLASS}, hashtext(${key}))`);
  const [taken] = await tx.select({ id: other.id }).from(other).where(eq(other.usernameKey, key)).limit(1);
  if (taken) throw conflict(USERNAME_TAKEN);
}

/** A write that broke a table's username indexes is the same 409. */
export function isUsernameClash(error: unknown): boolean {
  const constraint = uniqueViolation(error);
  return constraint !== null && /^(users|admins)_username(_key)?_unique$/.test(constraint);
}

type Unkeyed = { table: 'users' | 'admins'; id: number; username: string };

const BATCH = 500;

/**
 * Gives every row without a key its key: the rows from before migration 0020, and any an instance of
 * the previous release wrote during a rolling deploy. The oldest row of a clash keeps its name's key;
 * the newer ones (already look-alikes of one another) stay without one and are returned for the
 * operator to rename. Safe to run on every start and from several instances at once.
 */
export async function fillUsernameKeys(db: Db): Promise<Unkeyed[]> {
  const clashes: Unkeyed[] = [];
  for (const [name, table] of [
    ['users', users],
    ['admins', admins],
  ] as const) {
    let afterId = 0;
    for (;;) {
      const rows = await db
        .select({ id: table.id, username: table.username })
        .from(table)
        .where(and(isNull(table.usernameKey), gt(table.id, afterId)))
        .orderBy(asc(table.id))
        .limit(BATCH);
      if (rows.length === 0) break;
      afterId = rows.at(-1)!.id;
      const keyed = rows.map((row) => ({ ...row, key: usernameKey(row.username) }));
      try {
        await setKeys(db, table, keyed);
      } catch (error) {
        if (uniqueViolation(error) === null) throw error;
        // One clash fails the batch: one row at a time, oldest first, so the oldest keeps the key.
        for (const row of keyed) {
          try {
            await setKeys(db, table, [row]);
          } catch (rowError) {
            if (uniqueViolation(rowError) === null) throw rowError;
            clashes.push({ table: name, id: row.id, username: row.username });
          }
        }
      }
    }
  }
  return clashes;
}

async function setKeys(db: Db, table: NameTable, rows: { id: number; key: string }[]): Promise<void> {
  const values: SQL = sql.join(
    rows.map((row) => sql`(${row.id}::integer, ${row.key}::text)`),
    sql`, `,
  );
  await db.execute(
    sql`update ${table} set username_key = v.key from (values ${values}) as v(id, key)
        where ${table.id} = v.id and ${table.usernameKey} is null`,
  );
}
