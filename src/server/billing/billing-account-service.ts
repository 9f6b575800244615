import type Stripe from 'stripe';
import { withVat } from '../../shared/access';
import type {
  BillingDetails,
  Invoice,
  PaymentAuthentication,
  PaymentMethod,
} from '../../shared/schemas/billing';
import type { AppContext } from '../context';
import type { User } from '../db/schema';
import { badRequest, HttpError } from '../lib/http-error';
import { billingRepo } from './billing-repo';
import {
  billingOf,
  ensureCustomer,
  invoiceIdOf,
  paymentIntentOf,
  requireLiveSubscription,
} from './stripe-account';
import { stripeCall } from './stripe-call';
import { awaitsCard } from './subscription-state';
import { syncUser } from './sync';

/**
 * Stripe's £0 invoice of a trial whose card was never confirmed (an abandoned checkout, cancelled by
 * us or by Stripe, or still waiting): the trial never began, so it is nobody's billing history
 * (docs/decisions/074-what-each-screen-says-and-the-trial-that-never-began.md). An invoice with money
 * on it is always shown.
 */
function isUnstartedTrialInvoice(invoice: Stripe.Invoice, neverStarted: Set<string>): boolean {
  const sub = invoice.parent?.subscription_details?.subscription;
  const subId = typeof sub === 'string' ? sub : sub?.id;
  return invoice.total === 0 && subId !== undefined && neverStarted.has(subId);
}

/**
 * Both calls' answers, or the first one's failure once both have ended: unlike Promise.all, no call is
 * still on its way to Stripe when the request has been answered.
 */
async function settledBoth<A, B>(a: Promise<A>, b: Promise<B>): Promise<[A, B]> {
  const [first, second] = await Promise.allSettled([a, b]);
  if (first.status === 'rejected') throw first.reason;
  if (second.status === 'rejected') throw second.reason;
  return [first.value, second.value];
}

/**
 * The billing account behind a subscription (docs/architecture.md#layout): its invoices, the card renewals
 * are charged to and a new one, who the invoices are made out to, and Stripe's portal. The subscription's
 * own lifecycle (trial, switches, freeze, cancel) is subscription-service.ts.
 */
export function billingAccountService(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    async invoices(user: User): Promise<Invoice[]> {
      const customer = user.stripeCustomerId;
      const billing = ctx.billing;
      if (!customer || !billing) return [];
      const [list, subscriptions] = await stripeCall(() =>
        settledBoth(
          billing.stripe.invoices.list({ customer, limit: 24 }),
          // Expanded as the sync reads them: a trial's SetupIntent says whether its card was confirmed.
          billing.stripe.subscriptions.list({
            customer,
            status: 'all',
            limit: 20,
            expand: ['data.pending_setup_intent'],
          }),
        ),
      );
      const neverStarted = new Set(subscriptions.data.filter(awaitsCard).map((sub) => sub.id));
      return list.data
        .filter((i) => i.status !== 'draft' && !isUnstartedTrialInvoice(i, neverStarted))
        .map((i) => {
          // The VAT part, as Stripe's pinned API version gives it (docs/decisions/057-uk-billing.md).
          const vat = (i.total_taxes ?? []).reduce((sum, tax) => sum + tax.amount, 0);
          return {
            id: i.id!,
            number: i.number ?? null,
            date: new Date(i.created * 1000).toISOString(),
            net: (i.total_excluding_tax ?? i.total - vat) / 100,
            vat: vat / 100,
            total: i.total / 100,
            amount: (i.status === 'paid' ? i.amount_paid : i.amount_due) / 100,
            status: i.status ?? 'open',
            url: i.hosted_invoice_url ?? null,
            pdf: i.invoice_pdf ?? null,
          };
        });
    },

    /**
     * The card Stripe will charge: the subscription's default payment method comes first, then the
     * customer's `invoice_settings.default_payment_method` (Stripe's order for a subscription's invoices).
     */
    async paymentMethod(user: User): Promise<PaymentMethod> {
      const customerId = user.stripeCustomerId;
      if (!customerId || !ctx.billing) return null;
      const { stripe } = ctx.billing;
      return stripeCall(async () => {
        let pm: Stripe.PaymentMethod | null = null;
        if (user.stripeSubscriptionId) {
          const sub = await stripe.subscriptions.retrieve(user.stripeSubscriptionId, {
            expand: ['default_payment_method'],
          });
          pm = sub.default_payment_method as Stripe.PaymentMethod | null;
        }
        if (!pm) {
          const customer = (await stripe.customers.retrieve(customerId, {
            expand: ['invoice_settings.default_payment_method'],
          })) as Stripe.Customer | Stripe.DeletedCustomer;
          pm =
            'deleted' in customer
              ? null
              : (customer.invoice_settings?.default_payment_method as Stripe.PaymentMethod | null);
        }
        if (!pm?.card) return null;
        return {
          brand: pm.card.brand,
          last4: pm.card.last4,
          expMonth: pm.card.exp_month,
          expYear: pm.card.exp_year,
        };
      });
    },

    /**
     * Who the invoices are made out to, saved on the Stripe customer (its name, its address in the
     * UK, and its `gb_vat` tax id, which Stripe prints on every invoice), then here. Stripe first: if
     * it refuses, nothing is saved and the person is told.
     */
    async saveBillingDetails(user: User, details: BillingDetails): Promise<BillingDetails> {
      const billing = billingOf(ctx);
      await stripeCall(async () => {
        const customer = await ensureCustomer(db, billing, user);
        await billing.stripe.customers.update(customer, {
          name: details.name,
          address: {
            line1: details.line1,
            line2: details.line2,
            city: details.city,
            postal_code: details.postcode,
            country: 'GB',
          },
        });
        const taxIds = await billing.stripe.customers.listTaxIds(customer, { limit: 100 });
        const vat = taxIds.data.filter((t) => t.type === 'gb_vat');
        for (const old of vat.filter((t) => t.value !== details.vatNumber))
          await billing.stripe.customers.deleteTaxId(customer, old.id);
        if (details.vatNumber && !vat.some((t) => t.value === details.vatNumber))
          await billing.stripe.customers.createTaxId(customer, { type: 'gb_vat', value: details.vatNumber });
      });
      await billingRepo(db).setBillingDetails(user.id, details);
      return details;
    },

    /**
     * A new card without Stripe's portal (which cannot always complete a bank's check): a SetupIntent
     * the page confirms with the card typed (Stripe.js), then `finishCardUpdate`.
     */
    async startCardUpdate(user: User, requestId: string): Promise<{ clientSecret: string }> {
      const billing = billingOf(ctx);
      requireLiveSubscription(user);
      const customer = user.stripeCustomerId;
      if (!customer) throw badRequest('You have no billing account yet.');
      const setupIntent = await stripeCall(() =>
        billing.stripe.setupIntents.create(
          {
            customer,
            usage: 'off_session',
            allowed_payment_method_types: ['card'],
            metadata: { userId: String(user.id) },
          },
          { idempotencyKey: `card-update-${requestId}` },
        ),
      );
      if (!setupIntent.client_secret)
        throw new HttpError(502, 'Our payment provider did not start the card update. Please try again.');
      return { clientSecret: setupIntent.client_secret };
    },

    /**
     * The card the page saved becomes the one every renewal is charged to (the subscription's default,
     * which Stripe uses first, and the customer's), and a renewal left unpaid (past_due, or unpaid once
     * Stripe's retries ran out) is charged to it at once: a decline answers 402 with the bank's words,
     * and the card stays saved; a bank that asks the person to confirm answers `authenticate` for the
     * page (Stripe.js), which then re-reads the subscription.
     */
    async finishCardUpdate(
      user: User,
      setupIntentId: string,
    ): Promise<{ user: User } | { authenticate: PaymentAuthentication }> {
      const billing = billingOf(ctx);
      const subId = requireLiveSubscription(user);
      const customer = user.stripeCustomerId;
      return stripeCall(async () => {
        // An id Stripe does not know is the person's mistake (or a forged one), not Stripe's failure.
        const setupIntent = await billing.stripe.setupIntents.retrieve(setupIntentId).catch((error) => {
          if ((error as { code?: string }).code === 'resource_missing') return null;
          throw error;
        });
        if (!setupIntent) throw badRequest('That card was not saved. Please enter it again.');
        const pm = setupIntent.payment_method;
        if (setupIntent.customer !== customer || setupIntent.status !== 'succeeded' || !pm)
          throw badRequest('That card was not saved. Please enter it again.');
        const pmId = typeof pm === 'string' ? pm : pm.id;
        await billing.stripe.customers.update(customer!, {
          invoice_settings: { default_payment_method: pmId },
        });
        const { vatRateId } = await billing.catalog();
        const sub = await billing.stripe.subscriptions.update(
          subId,
          { default_payment_method: pmId, ...withVat(vatRateId) },
          { idempotencyKey: `card-update-sub-${setupIntentId}` },
        );
        const invoiceId = invoiceIdOf(sub);
        const invoice = invoiceId ? await billing.stripe.invoices.retrieve(invoiceId) : null;
        // Unpaid: still retried (past_due), or no longer (unpaid, docs/decisions/066-failed-renewal-grace-and-money-mails.md).
        if (
          invoice?.id &&
          invoice.status === 'open' &&
          (sub.status === 'past_due' || sub.status === 'unpaid')
        ) {
          try {
            await billing.stripe.invoices.pay(invoice.id, { payment_method: pmId });
          } catch (error) {
            // The state first (the card is saved), then the bank's refusal or its question.
            await syncUser(db, billing, user);
            const asks = (error as { code?: string }).code === 'invoice_payment_intent_requires_action';
            const intent = asks ? await paymentIntentOf(billing, invoice.id) : null;
            if (intent?.status === 'requires_action' && intent.client_secret)
              return { authenticate: { clientSecret: intent.client_secret } };
            throw error;
          }
        }
        return { user: await syncUser(db, billing, user) };
      });
    },

    /** A Stripe billing portal session for the user, returning to their account. */
    async portalUrl(user: User): Promise<string> {
      const billing = billingOf(ctx);
      const customer = user.stripeCustomerId;
      if (!customer) throw badRequest('You have no billing account yet.');
      const { portalConfigurationId } = await stripeCall(() => billing.catalog());
      const session = await stripeCall(() =>
        billing.stripe.billingPortal.sessions.create({
          customer,
          configuration: portalConfigurationId,
          return_url: `${ctx.config.APP_URL}/account`,
        }),
      );
      return session.url;
    },
  };
}
