import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema } from '../../shared/schemas/account';
import { messageSchema } from '../../shared/schemas/fields';
import { verifyPassword } from '../auth/password';
import { requireUser } from '../auth/require';
import { clearSessionCookie } from '../auth/session-cookies';
import type { Billing } from '../billing/billing';
import { stripeCall } from '../billing/stripe-call';
import { ENDED } from '../billing/sync';
import { outbox, users } from '../db/schema';
import { badRequest, HttpError } from '../lib/http-error';
import { authRateLimit } from '../security/rate-limits';
import { personalData } from './personal-data';

/** Cancels, at once, every subscription of the customer that still lives: a deleted account is never charged again. */
async function cancelLiveSubscriptions(billing: Billing, customer: string, userId: number): Promise<void> {
  const list = await billing.stripe.subscriptions.list({ customer, status: 'all', limit: 20 });
  for (const sub of list.data) {
    if (ENDED.has(sub.status)) continue;
    await billing.stripe.subscriptions.cancel(
      sub.id,
      {},
      { idempotencyKey: `delete-account-${userId}-${sub.id}` },
    );
  }
}

/** The rights a person in the UK has over their data: see it all, end other sessions, erase the account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;

  app.post(
    '/api/user/sign-out-others',
    {
      preHandler: requireUser,
      schema: { response: { 200: messageSchema.extend({ count: z.number().int() }) } },
    },
    async (request) => {
      const count = await ctx.sessions.user.endAllFor(request.user!.id, request.sessionToken ?? undefined);
      return { message: 'Signed out of all other devices', count };
    },
  );

  app.get('/api/user/export', { preHandler: requireUser }, async (request, reply) => {
    const data = await personalData(db, request.user!);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-disposition', `attachment; filename="chairnotes-my-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.delete(
    '/api/user',
    {
      preHandler: requireUser,
      config: authRateLimit(ctx.config),
      schema: { body: deleteAccountSchema, response: { 200: messageSchema } },
    },
    async (request, reply) => {
      const user = request.user!;
      if (!(await verifyPassword(user.password, request.body.password)))
        throw badRequest('Password is incorrect');
      // Stripe first: if it cannot be reached, nothing is deleted and the person can try again,
      // rather than an erased account whose card is still charged.
      if (user.stripeCustomerId) {
        if (!ctx.billing)
          throw new HttpError(503, 'We cannot cancel your subscription right now. Please try again later.');
        const billing = ctx.billing;
        await stripeCall(() => cancelLiveSubscriptions(billing, user.stripeCustomerId!, user.id));
      }
      // Sessions, reset tokens, invitations and the referrals this user made go with the row
      // (foreign keys cascade); a referral that brought this user in keeps the referrer's record.
      await db.transaction(async (tx) => {
        await tx.delete(outbox).where(eq(outbox.to, user.email));
        await tx.delete(users).where(eq(users.id, user.id));
      });
      clearSessionCookie(reply, 'user', ctx.cookie);
      request.log.info({ userId: user.id }, 'account deleted');
      return { message: 'Your account has been deleted.' };
    },
  );
};
