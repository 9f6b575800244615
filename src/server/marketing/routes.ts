import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRODUCT_NAME } from '../../shared/brand';
import { messageSchema, text } from '../../shared/schemas/fields';
import { contactSchema, newsletterSignupSchema } from '../../shared/schemas/marketing';
import { uniqueViolation } from '../db/errors';
import { contactMessages, subscribers } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/tokens';
import { formRateLimit } from '../security/rate-limits';

export const NEWSLETTER_WELCOME = "Thanks for subscribing! We'll send you product news now and then.";
export const NEWSLETTER_ALREADY = "You're already subscribed. Thanks for staying in touch!";
export const CONTACT_THANKS = "Thanks for getting in touch. We'll reply by email within one working day.";

export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;
  const rateLimit = formRateLimit(ctx.config);

  app.post(
    '/api/newsletter',
    {
      config: rateLimit,
      schema: { body: newsletterSignupSchema, response: { 200: messageSchema, 201: messageSchema } },
    },
    async (request, reply) => {
      const token = randomToken();
      try {
        await db
          .insert(subscribers)
          .values({ email: request.body.email, unsubscribeTokenHash: sha256Hex(token) });
      } catch (error) {
        // Signing up twice is not a mistake worth an error: tell them kindly, send nothing.
        if (uniqueViolation(error) === 'subscribers_email_unique')
          return reply.status(200).send({ message: NEWSLETTER_ALREADY });
        throw error;
      }
      const unsubscribe = `${ctx.config.APP_URL}/api/newsletter/unsubscribe?token=${token}`;
      ctx.mailer.sendInBackground({
        to: request.body.email,
        subject: `You're subscribed to ${PRODUCT_NAME} news`,
        text: [
          `Thanks for subscribing to ${PRODUCT_NAME} news. We write when there is something worth reading: new features, tips for better notes, and offers.`,
          '',
          `To unsubscribe at any time, open: ${unsubscribe}`,
        ].join('\n'),
        headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
      });
      return reply.status(201).send({ message: NEWSLETTER_WELCOME });
    },
  );

  // The link in the mail: it removes the address, then shows the result on a page of the site.
  app.get(
    '/api/newsletter/unsubscribe',
    { schema: { querystring: z.object({ token: text().max(200).optional() }) } },
    async (request, reply) => {
      const token = request.query.token;
      const removed = token
        ? await db
            .delete(subscribers)
            .where(eq(subscribers.unsubscribeTokenHash, sha256Hex(token)))
            .returning({ id: subscribers.id })
        : [];
      return reply.redirect(
        removed.length ? '/newsletter/unsubscribed' : '/newsletter/unsubscribed?invalid=1',
        303,
      );
    },
  );

  app.post(
    '/api/contact',
    { config: rateLimit, schema: { body: contactSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      const { kind, name, email, practice, message } = request.body;
      await db.insert(contactMessages).values({ kind, name, email, practice, message });
      ctx.mailer.sendInBackground({
        to: ctx.config.SALES_EMAIL,
        replyTo: email,
        subject: kind === 'demo' ? `Demo request from ${name}` : `Contact form: ${name}`,
        text: [
          `From: ${name} <${email}>`,
          `Practice: ${practice || '(not given)'}`,
          `Kind: ${kind}`,
          '',
          message,
        ].join('\n'),
      });
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );
};
