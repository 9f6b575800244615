import type { FastifyInstance } from 'fastify';
import { governanceService } from './governance-service';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Each practice's owner is mailed the access review once a month (docs/decisions/092-a-practice-sign-in-policy.md):
 * looked for hourly while the app runs, as the purge of expired sessions is (src/server/purge.ts). The timer
 * never keeps the process alive, and stops when the app closes.
 */
export function scheduleAccessReviews(app: FastifyInstance): void {
  const governance = governanceService(app.ctx);
  const timer = setInterval(() => {
    governance
      .sendDueAccessReviews(app.log)
      .catch((err: unknown) => app.log.error({ err }, 'access reviews not sent; the next run retries'));
  }, EVERY_MS).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
