type PgError = { code?: string; constraint?: string; cause?: unknown };

/** The name of the unique constraint a write broke, or null. Drizzle wraps driver errors in `cause`. */
export function uniqueViolation(error: unknown): string | null {
  let current = error as PgError | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (current.code === '23505') return current.constraint ?? 'unknown';
    current = current.cause as PgError | undefined;
  }
  return null;
}

/**
 * True when the database could not be reached or the connection broke (or PGlite was closed under
 * the app, which is as gone as a lost connection): answer 503, not 500.
 */
export function isConnectionError(error: unknown): boolean {
  let current = error as (PgError & { message?: string }) | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = current.code ?? '';
    if (
      ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '57P03', '08006', '08003', '08001'].includes(
        code,
      )
    ) {
      return true;
    }
    if (/Connection terminated|connection timeout|^PGlite is closed$/i.test(current.message ?? ''))
      return true;
    current = current.cause as typeof current;
  }
  return false;
}
