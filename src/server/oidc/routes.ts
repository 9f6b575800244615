import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { securityEventsRepo } from '../auth/security-events';
import { clearingSessionCookies, sessionToken } from '../auth/session-cookies';
import { clientOf } from '../lib/client';
import { recordMemberEvent } from '../practices/membership';
import { markUserSession, userSessionOf } from './adapter';
import { noteAppSignInDetail } from './note-app-sign-ins';
import { oidcRepo } from './oidc-repo';
import { type OidcPages, oidcPages } from './pages';
import { noteAppOrigins, type OidcProvider, oidcProvider } from './provider';
import { answerInteraction, signInPath } from './sign-in-interaction';
import { ensureSigningKeys, KEY_REFRESH_MS } from './signing-keys';

/**
 * The provider's endpoints our Origin check leaves alone. Other servers call the first four (no
 * browser, so no Origin; each authenticates the client). The last two take a form the note app's page
 * posts, from its own origin, and do nothing a GET with the same parameters does not: the sign-in
 * request (OpenID Connect Core 3.1.2.1) and the sign-out request, whose question our own page posts
 * back (with the Origin check and the provider's xsrf field).
 */
export const OIDC_ORIGIN_EXEMPT = [
  '/oidc/token',
  '/oidc/token/revocation',
  '/oidc/me',
  '/oidc/request',
  '/oidc/auth',
  '/oidc/session/end',
];

const interactionParams = z.object({ uid: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

/**
 * ChairNotes as an OpenID Provider for the note app (docs/architecture.md#note-app-sign-in): oidc-provider, mounted
 * under /oidc, with its storage in our database. Sign-in at the provider is the ChairNotes session.
 */
export const oidcRoutes: FastifyPluginAsyncZod<{ stylesheets: string[] }> = async (app, opts) => {
  const { ctx } = app;
  const repo = oidcRepo(ctx.database.db);
  const pages: OidcPages = oidcPages(opts.stylesheets);
  async function startProvider(): Promise<OidcProvider> {
    await ensureSigningKeys(repo, ctx.secretsKey);
    const provider = await oidcProvider({
      config: ctx.config,
      db: ctx.database.db,
      repo,
      secretsKey: ctx.secretsKey,
      pages,
      log: app.log,
      async signOutOfChairNotes(req) {
        const session = userSessionOf(req);
        if (!session) return [];
        if (await ctx.sessions.user.endOne(session.userId, session.id))
          await securityEventsRepo(ctx.database.db).record(
            { userId: session.userId },
            'sign_out',
            session.client,
          );
        return clearingSessionCookies(app, 'user', ctx.cookie);
      },
      async signedInToClient(req, accountId, clientId, amr) {
        const { db } = ctx.database;
        await recordMemberEvent(
          db,
          { publicId: accountId },
          'note_app_sign_in',
          userSessionOf(req)?.client ?? null,
          await noteAppSignInDetail(db, accountId, clientId, amr.includes('mfa')),
        );
      },
    });
    ctx.noteAppLogout.use(provider);
    ctx.oidcProvider = provider;
    return provider;
  }
  // The provider needs its keys from the database. A failure does not stop the start: an instance whose
  // database is down still starts (its health check answers 503), and the provider starts once the
  // database answers, at its next use or minute.
  let starting: Promise<OidcProvider> | null = null;
  const started = (): Promise<OidcProvider> => {
    starting ??= startProvider().catch((err) => {
      starting = null;
      throw err;
    });
    return starting;
  };
  const notStarted = (err: unknown) =>
    app.log.warn({ err }, 'OpenID Provider not started yet; trying again at its next use');
  // The first keys are made before the app is ready (made later, they were a write at any moment of
  // the first requests, under app.inject one that looked like the request's). The library itself loads
  // behind the first answers: importing it is ~0.4 s of a start (docs/performance.md#start-imports), and
  // a request to /oidc meanwhile waits for it.
  app.addHook('onReady', async () => {
    try {
      await ensureSigningKeys(repo, ctx.secretsKey);
    } catch (err) {
      return notStarted(err);
    }
    started().catch(notStarted);
  });

  // Each minute: keys rotated on any instance reach this one, and note-app sessions whose ChairNotes
  // session ended by a path that did not sweep (a deleted account) are ended.
  const timer = setInterval(() => {
    started()
      .then((provider) => provider.refresh())
      .then(() => ctx.noteAppLogout.sweep())
      .catch((err) => app.log.error({ err }, 'OpenID Connect signing keys not reloaded'));
  }, KEY_REFRESH_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    // A start still loading the library ends before the database it reads is closed.
    await starting?.catch(() => {});
  });

  /** The ChairNotes session the browser holds, if any (only the user cookie counts). */
  const userSession = async (request: FastifyRequest) => {
    const token = sessionToken(request, 'user', ctx.cookie);
    return token ? ctx.sessions.user.validate(token) : null;
  };

  // The provider needs the person: signed in, they go straight back into the flow; signed out, they
  // sign in on /auth (with their second factor) and come back here.
  app.get('/oidc/interaction/:uid', { schema: { params: interactionParams } }, async (request, reply) => {
    const session = await userSession(request);
    try {
      return reply.redirect(await answerInteraction(await started(), request, reply, session), 303);
    } catch (err) {
      // The interaction's cookie is missing or its 30 minutes are over: start again from the note app;
      // someone signed out signs in first, as for any flow.
      if ((err as { name?: string }).name === 'SessionNotFound') {
        if (!session) return reply.redirect(signInPath(request.params.uid), 303);
        reply.status(400).type('text/html');
        return pages.expiredInteraction();
      }
      throw err;
    }
  });

  const formAction = noteAppOrigins(ctx.config);
  // The provider itself, under /oidc. It reads request bodies itself (forms, as OAuth has them):
  // here no parser takes them first.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    // GET and POST are all OpenID Connect uses (HEAD comes with GET).
    scope.route({
      method: ['GET', 'POST'],
      url: '/oidc/*',
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const provider = await started();
        const session = await userSession(request);
        markUserSession(
          request.raw,
          session && { id: session.id, userId: session.owner.id, client: clientOf(request) },
        );
        // What our hooks have set so far (the security headers, the request id) goes out with the
        // provider's answer. Its pages post forms to the note app (the code, with
        // response_mode=form_post; the way back after signing out), which the CSP's form-action must allow.
        const csp = reply.getHeader('content-security-policy');
        if (typeof csp === 'string' && formAction.length > 0)
          reply.header(
            'content-security-policy',
            csp.replace("form-action 'self'", `form-action 'self' ${formAction.join(' ')}`),
          );
        reply.header('x-request-id', request.id);
        for (const [name, value] of Object.entries(reply.getHeaders()))
          if (value !== undefined) reply.raw.setHeader(name, value);
        reply.hijack();
        // Mounted as oidc-provider's docs mount it: it sees its own paths, and builds its URLs from
        // originalUrl (express's name for the full path).
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = raw.url?.replace(/^\/oidc/, '') || '/';
        provider.callback(request.raw, reply.raw);
      },
    });
  });
};
