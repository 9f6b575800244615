import type Stripe from 'stripe';
import { isLiveSubscription } from '../../shared/access';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { User } from '../db/schema';
import { badRequest, HttpError } from '../lib/http-error';
import type { Billing } from './billing';
import { billingRepo } from './billing-repo';

// What the subscription's lifecycle (subscription-service.ts) and the billing account
// (billing-account-service.ts) both need of Stripe: payments set up, a live subscription, the customer.

/** Stripe, or 503 where payments are not set up. */
export function billingOf(ctx: Pick<AppContext, 'billing'>): Billing {
  if (!ctx.billing) throw new HttpError(503, 'Payments are not available right now. Please try again later.');
  return ctx.billing;
}

/** The user's live subscription's id, or 400. */
export function requireLiveSubscription(user: User): string {
  if (!user.stripeSubscriptionId || !isLiveSubscription(user.subscriptionStatus)) {
    throw badRequest('You have no active subscription.');
  }
  return user.stripeSubscriptionId;
}

/** The user's Stripe customer, made (once, whoever asks first) when they have none. */
export async function ensureCustomer(db: Db, billing: Billing, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await billing.stripe.customers.create(
    { email: user.email, name: user.username, metadata: { userId: String(user.id) } },
    { idempotencyKey: `customer-${user.id}` },
  );
  await billingRepo(db).setCustomer(user.id, customer.id);
  return customer.id;
}

/** The PaymentIntent an invoice's payment is (its first payment), or null. */
export async function paymentIntentOf(
  billing: Billing,
  invoiceId: string,
): Promise<Stripe.PaymentIntent | null> {
  const invoice = await billing.stripe.invoices.retrieve(invoiceId, { expand: ['payments'] });
  const ref = invoice.payments?.data[0]?.payment.payment_intent;
  if (!ref) return null;
  return typeof ref === 'string' ? billing.stripe.paymentIntents.retrieve(ref) : ref;
}

/** The id of the subscription's latest invoice, or null. */
export const invoiceIdOf = (sub: Stripe.Subscription) =>
  typeof sub.latest_invoice === 'string' ? sub.latest_invoice : (sub.latest_invoice?.id ?? null);
