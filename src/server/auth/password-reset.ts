import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRODUCT_NAME } from '../../shared/brand';
import { PASSWORD_RESET_MINUTES } from '../../shared/constants';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '../../shared/schemas/auth';
import { messageSchema } from '../../shared/schemas/fields';
import { passwordResetTokens } from '../db/schema';
import { badRequest } from '../lib/http-error';
import { randomToken, sha256Hex } from '../lib/tokens';
import { authRateLimit } from '../security/rate-limits';
import { hashPassword } from './password';
import { usersRepo } from './users-repo';

export const RESET_REQUESTED_MESSAGE =
  'If an account uses that email, we have sent it a link to reset the password. The link works once, within one hour.';
export const RESET_INVALID_MESSAGE = 'This reset link is invalid or has expired. Please request a new one.';

export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const { db } = ctx.database;
  const repo = usersRepo(db);
  const rateLimit = authRateLimit(ctx.config);

  app.post(
    '/api/password-reset/request',
    { config: rateLimit, schema: { body: passwordResetRequestSchema, response: { 200: messageSchema } } },
    async (request) => {
      const user = await repo.findByEmail(request.body.email);
      if (user) {
        const token = randomToken();
        await db.insert(passwordResetTokens).values({
          id: sha256Hex(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + PASSWORD_RESET_MINUTES * 60_000),
        });
        const link = `${ctx.config.APP_URL}/reset-password?token=${token}`;
        ctx.mailer.sendInBackground({
          to: user.email,
          subject: `Reset your ${PRODUCT_NAME} password`,
          text: [
            `Hello ${user.username},`,
            '',
            `Someone asked to reset the password of your ${PRODUCT_NAME} account. To choose a new one, open this link within one hour:`,
            link,
            '',
            'If it was not you, ignore this email: your password stays as it is.',
          ].join('\n'),
        });
      }
      // The same answer whether or not the address has an account.
      return { message: RESET_REQUESTED_MESSAGE };
    },
  );

  app.post(
    '/api/password-reset/confirm',
    { config: rateLimit, schema: { body: passwordResetConfirmSchema, response: { 200: messageSchema } } },
    async (request) => {
      const { token, password } = request.body;
      const passwordHash = await hashPassword(password);
      // Claiming the token is one conditional update: two clicks on the link cannot both succeed.
      const [claimed] = await db
        .update(passwordResetTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(passwordResetTokens.id, sha256Hex(token)),
            isNull(passwordResetTokens.usedAt),
            gt(passwordResetTokens.expiresAt, new Date()),
          ),
        )
        .returning({ userId: passwordResetTokens.userId });
      if (!claimed) throw badRequest(RESET_INVALID_MESSAGE);
      await repo.setPassword(claimed.userId, passwordHash);
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, claimed.userId));
      await ctx.sessions.user.endAllFor(claimed.userId);
      return { message: 'Your password has been reset. You can now sign in with your new password.' };
    },
  );
};
