import type { Config } from '../config';

// Route-level limits for @fastify/rate-limit (registered with global: false), per address per 10 minutes.
const perTenMinutes = (max: number) => ({ rateLimit: { max, timeWindow: '10 minutes' } });

/**
 * Sign-in, registration, password change and password reset: guessing, mail-bombing and a flood of
 * sign-ups (each costs an argon2 hash, and a 409 tells which emails have accounts) are what they slow down.
 */
export const authRateLimit = (config: Config) => perTenMinutes(config.LOGIN_RATE_LIMIT);

/** Forms that send mail (newsletter, contact, invitations). */
export const formRateLimit = (config: Config) => perTenMinutes(config.FORM_RATE_LIMIT);

/**
 * Practice invitations send mail too, but an owner sets up a whole team at once: room for every seat to
 * be invited and resent in one sitting, still far too few to mail-bomb anyone.
 */
export const practiceInvitationRateLimit = (config: Config) => perTenMinutes(config.FORM_RATE_LIMIT * 4);

/** Trying referral codes: looser than sign-in (people mistype codes), still too slow to enumerate them. */
export const referralCodeRateLimit = (config: Config) => perTenMinutes(config.LOGIN_RATE_LIMIT * 3);
