import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountRoutes } from './account/routes';
import { adminAuthRoutes } from './admin/auth-routes';
import { adminRoutes } from './admin/routes';
import { passwordResetRoutes } from './auth/password-reset';
import { registerAccessGuards } from './auth/require';
import { authRoutes } from './auth/routes';
import { sessionStore } from './auth/sessions';
import { signInThrottle } from './auth/sign-in-throttle';
import { twoFactorRoutes } from './auth/two-factor-routes';
import type { Billing } from './billing/billing';
import { createBilling } from './billing/billing';
import { billingRoutes } from './billing/routes';
import { stripeWebhook } from './billing/webhook';
import { stripeEventQueue } from './billing/webhook-queue';
import { clientFiles } from './client-files';
import { appIndexHtml } from './client-pages';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { closeEveryIdleConnection } from './lib/idle-connections';
import { createMetrics } from './lib/metrics';
import { logRedaction, logSerializers } from './lib/redact';
import { OneLinePerRequest, registerRequestLog } from './lib/request-log';
import { responseSerializerCompiler } from './lib/response-serializer';
import { createMailer } from './mail/mailer';
import { marketingRoutes } from './marketing/routes';
import { metricsRoutes } from './metrics-routes';
import { microsoftRoutes } from './microsoft/routes';
import { NOTE_APP_ORIGIN_EXEMPT, noteReportRoutes } from './note-reports/routes';
import { noteAppLogout } from './oidc/note-app-logout';
import { oidcRepo } from './oidc/oidc-repo';
import { clientStylesheets } from './oidc/pages';
import { OIDC_ORIGIN_EXEMPT, oidcRoutes } from './oidc/routes';
import { area, openApiRoute, registerOpenApi } from './openapi';
import { passkeyRoutes } from './passkeys/routes';
import { scheduleAccessReviews } from './practices/access-review-schedule';
import { practiceRoutes } from './practices/routes';
import { publicRoutes } from './public-routes';
import { scheduleExpiredPurge } from './purge';
import { referralRoutes } from './referrals/routes';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './security/error-handler';
import { registerGuards } from './security/guards';
import { registerSecurityHeaders, securityHeaders } from './security/headers';
import { connectLimitsRedis, rateLimitStore } from './security/rate-limit-store';

export type BuildOptions = {
  config: Config;
  database: Database;
  /** The built client to serve: dist/, where its builds write (client-pages.ts); omitted in API tests. */
  clientDir?: string;
  /** The marketing pages Astro built (dist/site); default: `site` in clientDir. */
  siteDir?: string;
  /** Tests may hand in their own (a Stripe client pointed at the fake); default: from the config. */
  billing?: Billing | null;
  /** Called with each route as it is registered (tests enumerate the app's routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log's JSON lines go; default stdout (tests read them). */
  logStream?: { write(line: string): void };
};

/**
 * Every schema is zod's, so zod's compilers from the start (what setValidatorCompiler and
 * setSerializerCompiler would set): without them Fastify loads ajv and fast-json-stringify for its
 * defaults, part of every start (docs/performance.md#start-imports), for no route. Answers are written
 * without zod's second parse in production (lib/response-serializer.ts). Fastify types the factories
 * as those libraries' own.
 */
const zodCompilers = (production: boolean) => {
  const serializerCompiler = responseSerializerCompiler(production);
  return {
    buildValidator: () => validatorCompiler,
    buildSerializer: () => serializerCompiler,
  } as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
};

/** Builds the whole app without listening: main.ts serves it, tests call app.inject. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  // main.ts resolves it (secrets-key.ts); whoever else builds the app passes one in the config.
  if (!config.SECRETS_KEY) throw new Error('buildApp needs config.SECRETS_KEY');
  const https = config.APP_URL.startsWith('https:');
  const standinOrigin = config.STRIPE_JS_STANDIN_URL && new URL(config.STRIPE_JS_STANDIN_URL).origin;
  const safetyHeaders = securityHeaders(https, standinOrigin || undefined);

  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      serializers: logSerializers,
      redact: logRedaction,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    // A request that has arrived while shutting down is answered, not refused: docs/decisions/070-graceful-shutdown-and-error-bodies.md.
    return503OnClosing: false,
    frameworkErrors: frameworkErrors(safetyHeaders),
    clientErrorHandler,
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    // Node checks both limits only every connectionsCheckingInterval (30 s by default).
    http: { headersTimeout: Math.min(10_000, config.REQUEST_TIMEOUT_MS), connectionsCheckingInterval: 1000 },
    // Longer than a load balancer's idle timeout (60 s on the common ones), so it is never the app
    // that closes a kept-alive connection just as the balancer sends on it.
    keepAliveTimeout: 65_000,
    // request.ip (what the rate limits count) is the client's behind the proxies named here.
    trustProxy: config.TRUST_PROXY,
    schemaController: { compilersFactory: zodCompilers(config.NODE_ENV === 'production') },
  }).withTypeProvider<ZodTypeProvider>();
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);

  // JSON only: text/plain (Fastify's other default) would let a cross-site form post bodies in.
  app.removeContentTypeParser('text/plain');

  const metrics = createMetrics({ pool: database.pool });
  const mailer = createMailer({
    db: database.db,
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    log: app.log,
    metrics,
  });
  const limitsRedis = await connectLimitsRedis(app, config.REDIS_URL);
  const noteApp = noteAppLogout(oidcRepo(database.db), app.log);
  const ctx: AppContext = {
    config,
    database,
    mailer,
    sessions: {
      // However a user session ends, the note app's session from it ends too.
      user: sessionStore(database.db, 'user', { onEnded: () => void noteApp.sweep() }),
      admin: sessionStore(database.db, 'admin'),
    },
    noteAppLogout: noteApp,
    signInChecks: [],
    cookie: { secure: https },
    signInThrottle: signInThrottle(limitsRedis, app.log, () => metrics.rateLimited('sign_in_account')),
    secretsKey: config.SECRETS_KEY,
    billing: opts.billing === undefined ? await createBilling(config, metrics.stripeRequest) : opts.billing,
    metrics,
    lifecycle: { shuttingDown: false },
  };
  app.decorate('ctx', ctx);
  app.decorate('stripeEvents', stripeEventQueue(app));
  app.addHook('onClose', async () => mailer.close());
  scheduleExpiredPurge(app);
  scheduleAccessReviews(app);
  database.onConnectionLost((err) =>
    app.log.warn({ err }, 'database connection lost while idle; the pool opens a new one'),
  );
  // While shutting down (docs/decisions/070-graceful-shutdown-and-error-bodies.md): a connection with
  // no request in progress is closed as the server stops accepting; a request that has arrived is
  // answered, and its answer tells a keep-alive client to hang up, so the server can close as soon as
  // the requests in flight are done.
  closeEveryIdleConnection(app.server);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    ctx.lifecycle.shuttingDown = true;
  });
  // The hooks every request runs are callback hooks: an async one costs each request a promise and a
  // turn of the microtask queue (docs/decisions/095-one-log-line-a-request-and-answers-built-once.md).
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  // By the route's pattern, never the URL: ids and tokens would each make a time series of their own.
  app.addHook('onResponse', (request, reply, done) => {
    metrics.httpRequest(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  registerRequestLog(app);
  registerErrorHandler(app);
  const originExempt = [
    '/api/stripe/webhook',
    '/api/newsletter/unsubscribe',
    ...OIDC_ORIGIN_EXEMPT,
    ...NOTE_APP_ORIGIN_EXEMPT,
  ];
  registerGuards(app, { appUrl: config.APP_URL, originExempt });
  registerAccessGuards(app);

  await app.register(fastifyCookie);
  const documentCsp = registerSecurityHeaders(app, safetyHeaders, https, standinOrigin || undefined);
  await app.register(fastifyRateLimit, {
    global: false,
    ...rateLimitStore(limitsRedis),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many attempts. Please wait ${context.after} and try again.`,
    }),
  });

  // Before the routes: the document is built from each route as it is registered.
  await registerOpenApi(app, config, { originExempt });
  await app.register(area('Public', publicRoutes));
  await app.register(area('Public', openApiRoute));
  await app.register(area('Operations', metricsRoutes));
  await app.register(area('Sign-in', authRoutes));
  await app.register(area('Two-factor', twoFactorRoutes));
  await app.register(area('Account', accountRoutes));
  await app.register(area('Passkeys', passkeyRoutes));
  await app.register(area('Sign in with Microsoft', microsoftRoutes));
  await app.register(area('Password reset', passwordResetRoutes));
  await app.register(area('Admin sign-in', adminAuthRoutes));
  await app.register(area('Admin', adminRoutes));
  await app.register(area('Marketing', marketingRoutes));
  await app.register(area('Billing', billingRoutes));
  await app.register(area('Referrals', referralRoutes));
  await app.register(area('Practices', practiceRoutes));
  await app.register(area('Note app', noteReportRoutes));
  await app.register(area('Stripe', stripeWebhook));
  const indexHtml = opts.clientDir === undefined ? undefined : appIndexHtml(opts.clientDir);
  await app.register(oidcRoutes, { stylesheets: clientStylesheets(indexHtml) });

  await app.register(clientFiles, {
    clientDir: opts.clientDir,
    siteDir: opts.siteDir,
    indexHtml,
    documentCsp,
  });
  return app;
}
