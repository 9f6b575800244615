import Stripe from 'stripe';
import type { Config } from '../config';

/** The Stripe client, or null when the keys are not set (the subscribe page then says payments are unavailable). */
export function createStripe(config: Config): Stripe | null {
  if (!config.STRIPE_SECRET_KEY) return null;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    // Tests (and a local mock) point the real SDK elsewhere; production talks to Stripe.
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
    // Safe to retry: every call that creates or changes something carries an idempotency key.
    maxNetworkRetries: 2,
    timeout: config.STRIPE_TIMEOUT_MS,
    appInfo: { name: 'ChairNotes' },
  });
}
