import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicUserSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import {
  MICROSOFT_MESSAGES as M,
  microsoftAccountSchema,
  microsoftLinkSchema,
  microsoftStartResponseSchema,
  microsoftStartSchema,
  microsoftUnlinkedSchema,
} from '../../shared/schemas/microsoft';
import { twoFactorRequiredSchema } from '../../shared/schemas/two-factor';
import { openSession } from '../auth/open-session';
import { passwordAccepted } from '../auth/pending-sign-in';
import { requireRecentAuth } from '../auth/recent-auth';
import { clientOf } from '../lib/client';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../lib/http-error';
import { errors, REAUTH } from '../openapi';
import { M as PM, practiceService } from '../practices/practice-service';
import { authRateLimit } from '../security/rate-limits';
import { entra } from './entra';
import { microsoftCookies, type ProvedAccount } from './microsoft-cookies';
import { microsoftService } from './microsoft-service';
import { microsoftSignInsUsedRepo } from './sign-ins-used';

const OFF = 'Sign in with Microsoft is not set up here.';
const NOT_SET_UP = { 404: 'Sign in with Microsoft is not configured' } as const;
const NO_SIGN_IN = {
  401: 'No Microsoft sign-in was finished in this browser, or it expired, or it was used already',
} as const;

/**
 * Sign in with Microsoft (docs/architecture.md#microsoft-sign-in, docs/decisions/094-sign-in-with-microsoft.md):
 * start (where the browser goes), Microsoft's callback (checks the tokens, keeps the verified account,
 * changes nothing), then the page signs in, or links, with it. Every route answers 404 when it is not
 * configured.
 */
export const microsoftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const microsoft = entra(ctx.config);
  const cookies = microsoftCookies(ctx);
  const signInsUsed = microsoftSignInsUsedRepo(ctx.database.db);
  const service = microsoftService(ctx);
  // A practice that signs its team in with Microsoft refuses its members' passwords and passkeys, saying
  // how, unless this browser has just proved a Microsoft account of its organisation to link
  // (docs/decisions/094-sign-in-with-microsoft.md). Asked by auth/ and passkeys/, which import nothing of here.
  ctx.signInChecks.push((userId, request) =>
    service.checkSignInWithoutMicrosoft(userId, cookies.account(request)),
  );
  const practices = practiceService(ctx);
  const rateLimit = authRateLimit(ctx.config);
  const configured = () => {
    if (!microsoft) throw notFound(OFF);
    return microsoft;
  };
  /** The Microsoft account this browser just signed in with, of `intent` (any when unsaid). */
  const verified = (request: Parameters<typeof cookies.account>[0]) => {
    const account = cookies.account(request);
    if (!account) throw unauthorized(M.noSignIn);
    return account;
  };
  /**
   * Uses up the account this browser proved, before it signs in, links, joins or confirms: its cookie
   * goes, and its id is recorded, so a copy of the cookie does nothing again within its five minutes
   * (docs/decisions/105-a-microsoft-sign-in-is-used-once.md). 401 saying so when it was used already.
   */
  const spend = async (account: ProvedAccount, reply: FastifyReply) => {
    cookies.forgetAccount(reply);
    if (!(await signInsUsed.spend(account.jti, new Date(account.expiresAt))))
      throw unauthorized(M.usedAlready);
  };

  // Linking starts here too: it changes how the account signs in, so fresh proof comes first, before
  // the person is sent to Microsoft (and again when the link is made).
  app.post(
    '/api/auth/microsoft/start',
    {
      config: { ...rateLimit, access: 'anyone' },
      schema: {
        body: microsoftStartSchema,
        response: {
          200: microsoftStartResponseSchema,
          ...errors(
            { 401: 'Linking, or confirming it is them, needs a signed-in user' },
            REAUTH,
            { 404: "Not configured; or, for 'reauth', no Microsoft account is linked" },
            { 409: "For 'join': the practice does not sign its team in with Microsoft" },
            { 410: "For 'join': the invitation was used, withdrawn, or has expired" },
          ),
        },
      },
    },
    async (request, reply) => {
      const ms = configured();
      const { intent, returnTo } = request.body;
      const invitation = intent === 'join' ? request.body.invitation : undefined;
      if (intent === 'join' && !invitation) throw badRequest("invitation: Required with 'join'");
      const session = request.visitorSession;
      const forUser = intent === 'link' || intent === 'reauth';
      if (forUser && !session) throw unauthorized();
      if (intent === 'link') requireRecentAuth(session!);
      // Confirming it is them: with the account they linked, which Microsoft is asked to offer first.
      const linked = intent === 'reauth' ? await service.linkOf(session!.user.id) : null;
      if (intent === 'reauth' && !linked) throw notFound(M.notLinked);
      // An invitation that cannot be taken is said at once, not after Microsoft; Microsoft is asked to
      // offer the invited address first.
      const invited = invitation ? await practices.invitation(invitation) : undefined;
      if (invited?.microsoft === 'none') throw conflict(PM.noMicrosoft(invited.practiceName));
      const { url, flow } = await ms.start(invited?.email ?? linked?.username);
      cookies.startFlow(reply, {
        ...flow,
        intent,
        returnTo,
        invitation,
        userId: forUser ? session?.user.id : undefined,
      });
      return { url };
    },
  );

  // Microsoft sends the browser back here. A GET changes nothing of ours: it checks the code and the ID
  // token and keeps the verified account for the page, which then POSTs.
  app.get(
    '/api/auth/microsoft/callback',
    {
      schema: {
        response: {
          303: z
            .undefined()
            .describe('Back to /auth, or the Security tab, with `microsoft` saying how it went'),
          ...errors(NOT_SET_UP),
        },
      },
    },
    async (request, reply) => {
      const ms = configured();
      const flow = cookies.takeFlow(request, reply);
      const back = (outcome: string, intent = flow?.intent) => {
        // 'Confirm it's you' goes back to the page it was asked on, which says how it went under its own
        // name (a Security tab back from a link reads `microsoft`).
        if (intent === 'reauth') {
          const page = flow?.returnTo ?? '/account?tab=security';
          return reply.redirect(`${page}${page.includes('?') ? '&' : '?'}microsoft-reauth=${outcome}`, 303);
        }
        const page =
          intent === 'link'
            ? '/account?tab=security'
            : intent === 'join' && flow?.invitation
              ? `/practice/join?token=${encodeURIComponent(flow.invitation)}`
              : `/auth?${flow?.returnTo ? `redirect=${encodeURIComponent(flow.returnTo)}` : ''}`;
        return reply.redirect(`${page}${page.endsWith('?') ? '' : '&'}microsoft=${outcome}`, 303);
      };
      if (!flow) return back('expired', 'sign-in');
      // Read as openid-client reads it: the whole address Microsoft sent the browser back to.
      const here = new URL(request.url, ctx.config.APP_URL);
      if (here.searchParams.has('error')) return back('cancelled');
      try {
        const identity = await ms.finish(here, flow);
        const { intent, userId, invitation } = flow;
        cookies.keepAccount(reply, { identity, intent, userId, invitation });
        return back('done');
      } catch (err) {
        request.log.info({ err }, 'a Microsoft sign-in was refused');
        return back('failed');
      }
    },
  );

  app.post(
    '/api/auth/microsoft/sign-in',
    {
      config: rateLimit,
      schema: {
        response: {
          200: z.union([publicUserSchema, twoFactorRequiredSchema, microsoftUnlinkedSchema]),
          ...errors(NO_SIGN_IN, { 403: "The practice's sign-in rule refuses this account" }, NOT_SET_UP),
        },
      },
    },
    async (request, reply) => {
      configured();
      const proved = verified(request);
      const { identity } = proved;
      const linked = await service.linkedUser(identity);
      // Never matched by email: the person may register, or sign in with the password and link it
      // (the cookie stays for that, used up by the link).
      if (!linked) return { microsoftUnlinked: true as const, username: identity.preferredUsername };
      await spend(proved, reply);
      await service.checkPracticeRule(linked.userId, identity.tid);
      const account = { kind: 'user' as const, id: linked.userId };
      // Microsoft's second factor counts only when Microsoft says one was used; else ours finishes it.
      if (identity.mfa) return openSession(request, reply, account, ['fed', 'mfa']);
      return passwordAccepted(request, reply, account, true, 'fed');
    },
  );

  // Accepts the invitation this browser took to Microsoft (its token sealed in the flow, never read from
  // the page): a Microsoft account of the practice's organisation registers the person without a
  // password, joins them, and signs them in.
  app.post(
    '/api/auth/microsoft/join',
    {
      config: rateLimit,
      schema: {
        response: {
          200: publicUserSchema,
          ...errors(
            NO_SIGN_IN,
            { 403: "A Microsoft account of another organisation than the practice's" },
            {
              409: 'The practice has no Microsoft organisation, the Microsoft account is linked already, or the address has an account',
            },
            { 410: 'The invitation was used, withdrawn, or has expired' },
            NOT_SET_UP,
          ),
        },
      },
    },
    async (request, reply) => {
      configured();
      const account = verified(request);
      const { identity, invitation } = account;
      if (!invitation) throw unauthorized(M.noSignIn);
      await spend(account, reply);
      const userId = await practices.joinWithMicrosoft(identity, invitation, clientOf(request), request.log);
      // A new account has no second factor of ours: Microsoft's, when it says one was used, is the one.
      return openSession(
        request,
        reply,
        { kind: 'user', id: userId },
        identity.mfa ? ['fed', 'mfa'] : ['fed'],
      );
    },
  );

  app.get(
    '/api/user/microsoft',
    { config: { access: 'user' }, schema: { response: { 200: microsoftLinkSchema, ...errors(NOT_SET_UP) } } },
    async (request) => {
      configured();
      return { account: await service.linkOf(request.userSession.user.id) };
    },
  );

  // Links the Microsoft account this browser just signed in with: from the Security tab, or after
  // signing in with the password when Microsoft's account was not linked yet. Sensitive: fresh proof.
  app.post(
    '/api/user/microsoft',
    {
      config: { access: 'user' },
      schema: {
        response: {
          201: microsoftAccountSchema,
          ...errors(
            NO_SIGN_IN,
            REAUTH,
            { 409: 'That Microsoft account is linked to another account, or this one has one already' },
            NOT_SET_UP,
          ),
        },
      },
    },
    async (request, reply) => {
      configured();
      const session = request.userSession;
      requireRecentAuth(session);
      const account = verified(request);
      // A link begun by one signed-in user is not finished by another in the same browser.
      if (account.userId !== undefined && account.userId !== session.user.id) throw unauthorized(M.noSignIn);
      await spend(account, reply);
      const linked = await service.link(session.user, account.identity, clientOf(request));
      return reply.status(201).send(linked);
    },
  );

  // 'Confirm it's you' with the Microsoft account linked to this one: the proof a person who signs in
  // only with Microsoft (no password) can give, and one anybody linked may.
  app.post(
    '/api/user/reauth/microsoft',
    {
      config: { ...rateLimit, access: 'user' },
      schema: {
        response: {
          200: messageSchema,
          ...errors(
            NO_SIGN_IN,
            { 403: 'The Microsoft account is not the one linked to this account' },
            NOT_SET_UP,
          ),
        },
      },
    },
    async (request, reply) => {
      configured();
      const { user, token } = request.userSession;
      const account = verified(request);
      if (account.intent !== 'reauth' || account.userId !== user.id) throw unauthorized(M.noSignIn);
      await spend(account, reply);
      if (!(await service.isLinkedTo(user.id, account.identity))) throw forbidden(M.notYours);
      await ctx.sessions.user.markReauthenticated(token);
      return { message: M.confirmed };
    },
  );

  app.delete(
    '/api/user/microsoft',
    {
      config: { access: 'user' },
      schema: {
        response: {
          200: messageSchema,
          ...errors(
            REAUTH,
            { 404: 'No Microsoft account is linked' },
            { 409: 'It is the only way left to sign in' },
          ),
        },
      },
    },
    async (request) => {
      configured();
      const session = request.userSession;
      requireRecentAuth(session);
      await service.unlink(session.user, clientOf(request));
      return { message: 'The Microsoft account was unlinked.' };
    },
  );
};
