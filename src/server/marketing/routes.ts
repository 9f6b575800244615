import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema, text } from '../../shared/schemas/fields';
import { contactSchema, newsletterSignupSchema } from '../../shared/schemas/marketing';
import { formRateLimit } from '../security/rate-limits';
import { marketingService } from './marketing-service';

export const NEWSLETTER_WELCOME = "Thanks for subscribing! We'll send you product news now and then.";
export const NEWSLETTER_ALREADY = "You're already subscribed. Thanks for staying in touch!";
export const CONTACT_THANKS = "Thanks for getting in touch. We'll reply by email within one working day.";

export const marketingRoutes: FastifyPluginAsyncZod = async (app) => {
  const marketing = marketingService(app.ctx);
  const rateLimit = formRateLimit(app.ctx.config);

  app.post(
    '/api/newsletter',
    {
      config: rateLimit,
      schema: { body: newsletterSignupSchema, response: { 200: messageSchema, 201: messageSchema } },
    },
    async (request, reply) => {
      // Signing up twice is not a mistake worth an error: tell them kindly, send nothing.
      if ((await marketing.subscribe(request.body.email)) === 'already')
        return reply.status(200).send({ message: NEWSLETTER_ALREADY });
      return reply.status(201).send({ message: NEWSLETTER_WELCOME });
    },
  );

  // The link in the mail: it removes the address, then shows the result on a page of the site.
  app.get(
    '/api/newsletter/unsubscribe',
    { schema: { querystring: z.object({ token: text().max(200).optional() }) } },
    async (request, reply) => {
      const { token } = request.query;
      const removed = token ? await marketing.unsubscribe(token) : false;
      return reply.redirect(removed ? '/newsletter/unsubscribed' : '/newsletter/unsubscribed?invalid=1', 303);
    },
  );

  app.post(
    '/api/contact',
    { config: rateLimit, schema: { body: contactSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      await marketing.contact(request.body);
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );
};
