import type { FastifyInstance } from 'fastify';
import { emailTokensRepo } from '../account/email-tokens-repo';
import { resetTokensRepo } from './reset-tokens-repo';

export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions, reset tokens and email links (design.md section 6) once an hour while the app runs.
 * The timer never keeps the process alive, and stops when the app closes.
 */
export function scheduleExpiredPurge(app: FastifyInstance): void {
  const { ctx } = app;
  const resetTokens = resetTokensRepo(ctx.database.db);
  const emailTokens = emailTokensRepo(ctx.database.db);
  async function purge() {
    try {
      await ctx.sessions.user.purgeExpired();
      await ctx.sessions.admin.purgeExpired();
      await resetTokens.purgeExpired();
      await emailTokens.purgeExpired();
    } catch (err) {
      app.log.error({ err }, 'expired sessions and tokens not purged; the next run retries');
    }
  }
  const timer = setInterval(purge, PURGE_EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
