import type Stripe from 'stripe';
import type { Config } from '../config';
import { type Catalog, ensureCatalog } from './catalog';
import { createStripe, type StripeObserver } from './stripe-client';

export type Billing = {
  stripe: Stripe;
  /** Prices and coupons, found or created once per process (retried after a failure). */
  catalog(): Promise<Catalog>;
  webhookSecret: string | undefined;
};

/** Stripe and its catalogue, or null when Stripe is not configured. `observe` times each Stripe request. */
export async function createBilling(config: Config, observe?: StripeObserver): Promise<Billing | null> {
  const stripe = await createStripe(config, observe);
  if (!stripe) return null;
  let catalog: Promise<Catalog> | undefined;
  return {
    stripe,
    webhookSecret: config.STRIPE_WEBHOOK_SECRET,
    catalog() {
      catalog ??= ensureCatalog(stripe).catch((error) => {
        catalog = undefined;
        throw error;
      });
      return catalog;
    },
  };
}
