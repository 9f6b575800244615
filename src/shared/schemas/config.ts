import { z } from 'zod';

/** GET /api/config: what the browser needs to know about this deployment. */
export const publicConfigSchema = z.object({
  /** The note-writing app, offered to subscribers whose plan gives access; null when not deployed. */
  noteAppUrl: z.string().nullable(),
  /** Null when payments are not configured: the subscribe page then says so instead of showing a form. */
  stripePublishableKey: z.string().nullable(),
  /**
   * Only when trying the product locally with the fake Stripe: its stand-in for Stripe.js, loaded in
   * place of Stripe's (never beside real Stripe keys); null otherwise.
   */
  stripeJsUrl: z.string().nullable(),
  /** 'Sign in with Microsoft' is offered (docs/architecture.md#microsoft-sign-in): its client is configured. */
  microsoftSignIn: z.boolean(),
});
