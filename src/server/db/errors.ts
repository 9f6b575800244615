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

// Lost or refused connections, a server shutting down, and the time limits of db/client.ts:
// 57014 statement_timeout, 25P03 idle_in_transaction_session_timeout.
const UNAVAILABLE_CODES = [
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08003',
  '08001',
  '57014',
  '25P03',
];
// node-postgres's own: the connection broke or timed out, the pool gave up connecting, or a query
// had no answer within query_timeout; and PGlite closed under the app.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|^Query read timeout$|^PGlite is closed$/i;

/**
 * True when the database could not be reached, the connection broke, or it did not answer within
 * the time limits: answer 503, not 500.
 */
export function isConnectionError(error: unknown): boolean {
  let current = error as (PgError & { message?: string }) | undefined;
  for (let depth = 0; current && depth < 4; depth++) {
    if (UNAVAILABLE_CODES.includes(current.code ?? '')) return true;
    if (UNAVAILABLE_MESSAGES.test(current.message ?? '')) return true;
    current = current.cause as typeof current;
  }
  return false;
}
