import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageSchema, text } from '../../shared/schemas/fields';
import {
  contactSchema,
  newsletterSignupSchema,
  newsletterUnsubscribeSchema,
} from '../../shared/schemas/marketing';
import { badRequest, HttpError } from '../lib/http-error';
import { newsletterUnsubscribePage } from '../mail/templates';
import { errors } from '../openapi';
import { formRateLimit } from '../security/rate-limits';
import { marketingService } from './marketing-service';

export const NEWSLETTER_WELCOME = "Thanks for subscribing! We'll send you product news now and then.";
export const NEWSLETTER_ALREADY = "You're already subscribed. Thanks for staying in touch!";
export const NEWSLETTER_UNSUBSCRIBED = 'You have been unsubscribed.';
export const UNSUBSCRIBE_LINK_INVALID = 'This unsubscribe link is not valid or has already been used.';
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

  // A GET changes nothing: the link (a mail app may open the List-Unsubscribe address too) goes to
  // the page that asks, and its button posts the token back.
  app.get(
    '/api/newsletter/unsubscribe',
    {
      schema: {
        querystring: z.object({ token: text().max(200).optional() }),
        response: { 303: z.undefined().describe('To the page that asks whether to unsubscribe') },
      },
    },
    async (request, reply) => reply.redirect(newsletterUnsubscribePage(request.query.token ?? ''), 303),
  );

  await app.register(unsubscribeRoute);

  app.post(
    '/api/contact',
    { config: rateLimit, schema: { body: contactSchema, response: { 201: messageSchema } } },
    async (request, reply) => {
      await marketing.contact(request.body);
      return reply.status(201).send({ message: CONTACT_THANKS });
    },
  );
};

/**
 * POST /api/newsletter/unsubscribe, from the confirmation page (JSON `{token}`) or from a mail
 * provider's one-click unsubscribe (RFC 8058: the token in the URL, the form body
 * `List-Unsubscribe=One-Click`). The provider sends no Origin of ours, so the path is exempt from the
 * Origin check (app.ts): the unguessable token is what authorises it. Form bodies are read here only.
 */
const unsubscribeRoute: FastifyPluginAsyncZod = async (app) => {
  const marketing = marketingService(app.ctx);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.post(
    '/api/newsletter/unsubscribe',
    {
      schema: {
        querystring: newsletterUnsubscribeSchema.partial(),
        // No body at all in a one-click POST that sends only the URL's token.
        body: newsletterUnsubscribeSchema.partial().nullish(),
        response: {
          200: messageSchema,
          ...errors({ 400: 'No token, in the body or the URL' }, { 404: 'The link is not valid' }),
        },
      },
    },
    async (request, reply) => {
      const token = request.body?.token ?? request.query.token;
      if (!token) throw badRequest('token: Required');
      if (!(await marketing.unsubscribe(token))) throw new HttpError(404, UNSUBSCRIBE_LINK_INVALID);
      return reply.send({ message: NEWSLETTER_UNSUBSCRIBED });
    },
  );
};
