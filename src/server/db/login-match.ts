import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The row a login names: people sign in with their username (any case, as the unique index is on
 * lower(username)) or, as they often try, their email. Users and admins share the rule.
 */
export function matchesLogin(table: { username: PgColumn; email: PgColumn }, login: string): SQL {
  const value = login.trim();
  return value.includes('@')
    ? eq(table.email, value.toLowerCase())
    : sql`lower(${table.username}) = lower(${value})`;
}
