import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context';

/**
 * Runs the rules other areas set on a sign-in whose first factor is known (AppContext.signInChecks), in
 * the order they were added; the first to refuse answers the request.
 */
export async function checkSignIn(ctx: AppContext, userId: number, request: FastifyRequest): Promise<void> {
  for (const check of ctx.signInChecks) await check(userId, request);
}
