import { HttpError } from '../lib/http-error';

/** A Stripe failure as a message the user can act on; card problems say what Stripe said. */
export function stripeFailure(error: unknown): HttpError {
  const e = error as { type?: string; code?: string; message?: string; statusCode?: number };
  if (e.type === 'StripeCardError') return new HttpError(402, e.message ?? 'Your card was declined.');
  // A request the SDK gave up waiting on (its own wording), or a retry refused because the first
  // attempt is still running at Stripe: either way Stripe is slow, not broken.
  const slow =
    (e.type === 'StripeConnectionError' && /timeout/i.test(e.message ?? '')) ||
    e.code === 'idempotency_key_in_use';
  if (slow)
    return new HttpError(
      504,
      'Our payment provider is taking too long to answer. Nothing was charged; please try again in a minute.',
    );
  return new HttpError(
    502,
    'Our payment provider did not respond as expected. Nothing was charged; please try again.',
  );
}

/** Runs a Stripe call; any failure becomes an HttpError the user can read. */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw error instanceof HttpError ? error : stripeFailure(error);
  }
}
