import type { FastifyInstance } from 'fastify';
import { emailTokensRepo } from './account/email-tokens-repo';
import { adminAuditRepo } from './admin/admin-audit';
import { loginChallengesRepo } from './auth/login-challenges-repo';
import { rehashLegacyRecoveryCodes } from './auth/recovery-codes';
import { resetTokensRepo } from './auth/reset-tokens-repo';
import { securityEventsRepo } from './auth/security-events';
import { microsoftSignInsUsedRepo } from './microsoft/sign-ins-used';
import { noteReportsRepo } from './note-reports/note-reports-repo';
import { oidcRepo } from './oidc/oidc-repo';
import { webauthnChallengesRepo } from './passkeys/challenges';
import { practiceAuditRepo } from './practices/audit';

// Every area's expired rows, in one hourly job: it belongs to the app, not to one of them.

export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes expired sessions, reset tokens, email links, pending sign-ins, passkey challenges and the
 * OpenID Provider's expired codes, tokens and sessions, the Microsoft sign-ins used whose cookies have
 * expired (docs/architecture.md#safety), and security and
 * audit events past their keeping (AUDIT_RETENTION_DAYS for the audit trails), the note app's reports past
 * theirs (NOTE_REPORT_RETENTION_DAYS), once an hour while the
 * app runs; and re-keys recovery codes stored in the old form (recovery-codes.ts), once the app is
 * ready and then with each purge (none are made so now: it finds rows only from a database of before,
 * or a copy restored from then).
 * The timer never keeps the process alive, and stops when the app closes.
 */
export function scheduleExpiredPurge(app: FastifyInstance): void {
  const { ctx } = app;
  const resetTokens = resetTokensRepo(ctx.database.db);
  const emailTokens = emailTokensRepo(ctx.database.db);
  const events = securityEventsRepo(ctx.database.db);
  const challenges = loginChallengesRepo(ctx.database.db);
  const webauthnChallenges = webauthnChallengesRepo(ctx.database.db);
  const oidc = oidcRepo(ctx.database.db);
  const microsoftSignIns = microsoftSignInsUsedRepo(ctx.database.db);
  const practiceAudit = practiceAuditRepo(ctx.database.db);
  const adminAudit = adminAuditRepo(ctx.database.db);
  const noteReports = noteReportsRepo(ctx.database.db);
  async function purge() {
    try {
      await ctx.sessions.user.purgeExpired();
      await ctx.sessions.admin.purgeExpired();
      await resetTokens.purgeExpired();
      await emailTokens.purgeExpired();
      await challenges.purgeExpired();
      await webauthnChallenges.purgeExpired();
      await oidc.purgeExpired();
      await microsoftSignIns.purgeExpired();
      await events.purgeOld();
      await practiceAudit.purgeOld(ctx.config.AUDIT_RETENTION_DAYS);
      await adminAudit.purgeOld(ctx.config.AUDIT_RETENTION_DAYS);
      await noteReports.purgeOld(ctx.config.NOTE_REPORT_RETENTION_DAYS);
      await rehashLegacyRecoveryCodes(ctx.database.db, ctx.secretsKey);
    } catch (err) {
      app.log.error({ err }, 'expired sessions and tokens not purged; the next run retries');
    }
  }
  let rehashing: Promise<unknown> = Promise.resolve();
  // Not awaited by ready: the first answers wait for nothing of it (the start budget, docs/performance.md).
  app.addHook('onReady', async () => {
    rehashing = rehashLegacyRecoveryCodes(ctx.database.db, ctx.secretsKey).catch((err: unknown) =>
      app.log.error({ err }, 'old recovery codes not re-keyed; the next purge retries'),
    );
  });
  const timer = setInterval(purge, PURGE_EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await rehashing;
  });
}
