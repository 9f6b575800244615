import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

// Route-level limits for @fastify/rate-limit (registered with global: false), per address per 10 minutes.
// Each refusal is counted under the limit's name (chairnotes_rate_limit_refusals_total).
const perTenMinutes = (name: string, max: number) => ({
  rateLimit: {
    max,
    timeWindow: '10 minutes',
    onExceeded: (request: FastifyRequest) => request.server.ctx.metrics.rateLimited(name),
  },
});

/**
 * Sign-in, registration, password change and password reset: guessing, mail-bombing and a flood of
 * sign-ups (each costs an argon2 hash, and a 409 tells which emails have accounts) are what they slow down.
 */
export const authRateLimit = (config: Config) => perTenMinutes('login', config.LOGIN_RATE_LIMIT);

/** Forms that send mail (newsletter, contact, invitations). */
export const formRateLimit = (config: Config) => perTenMinutes('form', config.FORM_RATE_LIMIT);

/**
 * Practice invitations send mail too, but an owner sets up a whole team at once: room for every seat to
 * be invited and resent in one sitting, still far too few to mail-bomb anyone.
 */
export const practiceInvitationRateLimit = (config: Config) =>
  perTenMinutes('practice_invitation', config.FORM_RATE_LIMIT * 4);

/** Trying referral codes: looser than sign-in (people mistype codes), still too slow to enumerate them. */
export const referralCodeRateLimit = (config: Config) =>
  perTenMinutes('referral_code', config.LOGIN_RATE_LIMIT * 3);
