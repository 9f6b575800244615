import type Stripe from 'stripe';
import { HttpError } from '../lib/http-error';

/** A Stripe failure as a message the user can act on; card problems say what Stripe said. It keeps Stripe's error as its cause. */
function stripeFailure(error: Stripe.errors.StripeError): HttpError {
  const cause = { cause: error };
  if (error.type === 'StripeCardError')
    return new HttpError(402, error.message || 'Your card was declined.', cause);
  // A request the SDK gave up waiting on (its own wording), or a retry refused because the first
  // attempt is still running at Stripe: either way Stripe is slow, not broken.
  const slow =
    (error.type === 'StripeConnectionError' && /timeout/i.test(error.message)) ||
    error.code === 'idempotency_key_in_use';
  if (slow)
    return new HttpError(
      504,
      'Our payment provider is taking too long to answer. Nothing was charged; please try again in a minute.',
      cause,
    );
  return new HttpError(
    502,
    'Our payment provider did not respond as expected. Nothing was charged; please try again.',
    cause,
  );
}

/**
 * Runs work that calls Stripe: a Stripe failure becomes an HttpError the user can read. Any other
 * failure (the database's, a bug of ours) goes on as it is: it is not the payment provider's.
 */
export async function stripeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    // The SDK is loaded only where payments are configured (stripe-client.ts); a Stripe error means
    // it is, so this import is its cached module.
    const { default: StripeSdk } = await import('stripe');
    throw error instanceof StripeSdk.errors.StripeError ? stripeFailure(error) : error;
  }
}
