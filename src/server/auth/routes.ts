import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changePasswordSchema, profileSchema } from '../../shared/schemas/account';
import { loginRequestSchema, publicUserSchema, registerRequestSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import { badRequest, unauthorized } from '../lib/http-error';
import { authRateLimit } from '../security/rate-limits';
import { hashPassword, verifyPassword } from './password';
import { requireUser } from './require';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session-cookies';
import { toPublicUser, usersRepo } from './users-repo';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const repo = usersRepo(ctx.database.db);
  const sessions = ctx.sessions.user;

  async function signIn(reply: import('fastify').FastifyReply, userId: number, oldToken?: string) {
    // A new token at every sign-in: a token planted before login (session fixation) is worthless.
    if (oldToken) await sessions.end(oldToken);
    const { token, expiresAt } = await sessions.create(userId);
    setSessionCookie(reply, 'user', token, expiresAt, ctx.cookie);
  }

  app.post(
    '/api/register',
    { schema: { body: registerRequestSchema, response: { 201: publicUserSchema } } },
    async (request, reply) => {
      const { username, email, password } = request.body;
      const created = await repo.create({ username, email, passwordHash: await hashPassword(password) });
      const user = await repo.recordLogin(created, request.ip);
      await signIn(reply, user.id, sessionToken(request, 'user'));
      return reply.status(201).send(toPublicUser(user));
    },
  );

  app.post(
    '/api/login',
    {
      config: authRateLimit(ctx.config),
      schema: { body: loginRequestSchema, response: { 200: publicUserSchema } },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const user = await repo.findByLogin(username);
      // One answer for an unknown user and a wrong password, after the same amount of work.
      const ok = await verifyPassword(user?.password, password);
      if (!user || !ok) throw unauthorized('Invalid username or password');
      const updated = await repo.recordLogin(user, request.ip);
      await signIn(reply, user.id, sessionToken(request, 'user'));
      return toPublicUser(updated);
    },
  );

  app.post('/api/logout', { schema: { response: { 200: messageSchema } } }, async (request, reply) => {
    const token = sessionToken(request, 'user');
    if (token) await sessions.end(token);
    clearSessionCookie(reply, 'user', ctx.cookie);
    return { message: 'Logged out' };
  });

  app.get(
    '/api/user',
    { preHandler: requireUser, schema: { response: { 200: publicUserSchema } } },
    async (request) => toPublicUser(request.user!),
  );

  app.patch(
    '/api/user',
    { preHandler: requireUser, schema: { body: profileSchema, response: { 200: publicUserSchema } } },
    async (request) => toPublicUser(await repo.updateProfile(request.user!.id, request.body)),
  );

  app.post(
    '/api/user/change-password',
    {
      preHandler: requireUser,
      config: authRateLimit(ctx.config),
      schema: { body: changePasswordSchema, response: { 200: messageSchema } },
    },
    async (request) => {
      const user = request.user!;
      const { currentPassword, newPassword } = request.body;
      if (!(await verifyPassword(user.password, currentPassword)))
        throw badRequest('Current password is incorrect');
      await repo.setPassword(user.id, await hashPassword(newPassword));
      // Someone who learnt the old password is signed out everywhere; this device stays in.
      await sessions.endAllFor(user.id, request.sessionToken ?? undefined);
      return { message: 'Password changed' };
    },
  );
};
