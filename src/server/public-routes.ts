import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paths } from '../shared/paths';
import { plansFor } from '../shared/plans';
import { planSchema } from '../shared/schemas/billing';
import { publicConfigSchema } from '../shared/schemas/config';
import type { Config } from './config';
import { ping } from './db/client';
import { migrationJournal, pendingMigrations } from './db/migrate';

const SECURITY_TXT_PATH = '/.well-known/security.txt';

/** The file's fields, as RFC 9116 names them; Expires in its required form (ISO 8601, UTC, no milliseconds). */
function securityTxt(config: Pick<Config, 'APP_URL' | 'SECURITY_CONTACT' | 'SECURITY_TXT_EXPIRES'>): string {
  return [
    `Contact: ${config.SECURITY_CONTACT}`,
    `Expires: ${config.SECURITY_TXT_EXPIRES.toISOString().replace(/\.\d{3}Z$/, 'Z')}`,
    'Preferred-Languages: en',
    `Canonical: ${config.APP_URL}${SECURITY_TXT_PATH}`,
    `Policy: ${config.APP_URL}${paths.security.getHref()}`,
    '',
  ].join('\n');
}

export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // Health answers 503 when the database does not, so a load balancer stops sending traffic here.
  app.get(
    '/api/health',
    { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async (_request, reply) => {
      await ping(ctx.database.db);
      return reply.send({ status: 'ok' as const });
    },
  );

  // Readiness, for the load balancer: the database answers, this build's migrations are all applied,
  // and the instance is not shutting down. 503 says which is not so.
  const journal = migrationJournal();
  async function notReadyBecause(): Promise<string | null> {
    if (ctx.lifecycle.shuttingDown) return 'shutting down';
    try {
      const pending = await pendingMigrations(ctx.database.db, journal);
      if (pending.length > 0) return `migrations not applied: ${pending.join(', ')}`;
    } catch (err) {
      app.log.warn({ err }, 'readiness: the database did not answer');
      return 'the database is not answering';
    }
    return null;
  }
  app.get(
    '/api/health/ready',
    {
      schema: {
        response: {
          200: z.object({ status: z.literal('ready') }),
          503: z
            .object({ status: z.literal('not ready'), message: z.string() })
            .describe(
              'The database does not answer, a migration is not applied, or the instance is shutting down',
            ),
        },
      },
    },
    async (_request, reply) => {
      const reason = await notReadyBecause();
      if (reason)
        return reply
          .status(503)
          .header('retry-after', '5')
          .send({ status: 'not ready' as const, message: reason });
      return reply.send({ status: 'ready' as const });
    },
  );

  // The same for everyone and for the life of the deployment: a browser may keep it a few minutes, so
  // a page that reads it twice as it starts (/auth: the island's check, then the page's own query)
  // asks the server once.
  app.get('/api/config', { schema: { response: { 200: publicConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return {
      noteAppUrl: ctx.config.NOTE_APP_URL ?? null,
      // Without the secret key too, payments cannot work: the subscribe page then says they are unavailable.
      stripePublishableKey: ctx.billing ? (ctx.config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
      // Accepted by config.ts only beside the local fake Stripe's own keys (docs/trying-it-locally.md).
      stripeJsUrl: ctx.billing ? (ctx.config.STRIPE_JS_STANDIN_URL ?? null) : null,
      microsoftSignIn: Boolean(ctx.config.MICROSOFT_CLIENT_ID && ctx.config.MICROSOFT_CLIENT_SECRET),
    };
  });

  // RFC 9116: whom to tell about a vulnerability, and where our security page is
  // (docs/decisions/081-security-page-and-security-txt.md).
  app.get(
    SECURITY_TXT_PATH,
    {
      schema: {
        description:
          'RFC 9116 security.txt: the contact for vulnerability reports and its expiry (text/plain)',
        response: { 200: z.string() },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(securityTxt(ctx.config)),
  );

  // The plans are the code's (shared/plans.ts) with this deployment's seat count, never Stripe's: the
  // same answer for the life of the process, so it is checked against its schema and written to bytes
  // once, here, and each request sends them (docs/decisions/095-one-log-line-a-request-and-answers-built-once.md).
  const plansSchema = z.array(planSchema);
  const plansJson = Buffer.from(JSON.stringify(z.encode(plansSchema, plansFor(ctx.config.PRACTICE_SEATS))));
  app.get('/api/subscription-plans', { schema: { response: { 200: plansSchema } } }, (_request, reply) => {
    // A Buffer is sent as it is: Fastify runs no serializer on it.
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('application/json; charset=utf-8')
      .send(plansJson as never);
  });
};
