import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admin, User } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';
import type { Membership } from '../practices/practices-repo';
import { currentSession } from './session-cookies';

// Guards, called first in a handler (epic-stack's requireUserId): they answer 401 or hand back who asks.

/** Who asks, with what the session says of them. */
export type UserSession = {
  user: User;
  token: string;
  /** When they last proved it is them (auth/recent-auth.ts). */
  reauthenticatedAt: Date;
  /** They have a second factor on. */
  twoFactor: boolean;
  /** Their practice, as the session look-up read it. */
  practice: Membership | null;
};

export type AdminSession = { admin: Admin; token: string; reauthenticatedAt: Date; enrolled: boolean };

const ENROLMENT_REQUIRED = 'Set up two-factor sign-in to use the admin area.';

/** The signed-in user and their session token, or null for a visitor (a route open to both). */
export async function optionalUserSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<UserSession | null> {
  const { ctx } = request.server;
  const session = await currentSession(request, reply, 'user', ctx.sessions.user, ctx.cookie);
  return (
    session && {
      user: session.owner,
      token: session.token,
      reauthenticatedAt: session.reauthenticatedAt,
      twoFactor: session.twoFactor,
      practice: session.practice,
    }
  );
}

/** The signed-in user and their session token. Only the user cookie counts, never the admin one. */
export async function requireUserSession(request: FastifyRequest, reply: FastifyReply): Promise<UserSession> {
  const session = await optionalUserSession(request, reply);
  if (!session) throw unauthorized();
  return session;
}

export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<User> {
  return (await requireUserSession(request, reply)).user;
}

/**
 * The signed-in admin's session. Only the admin cookie counts, never the user one. Admins must use a
 * second factor (docs/architecture.md#safety): a session not enrolled is refused (403, `enrolmentRequired`)
 * unless `enrolment: 'pending'` (the few routes an admin uses to enrol, and to see who they are).
 */
export async function requireAdminSession(
  request: FastifyRequest,
  reply: FastifyReply,
  { enrolment = 'done' }: { enrolment?: 'done' | 'pending' } = {},
): Promise<AdminSession> {
  const { ctx } = request.server;
  const session = await currentSession(request, reply, 'admin', ctx.sessions.admin, ctx.cookie);
  if (!session) throw unauthorized();
  if (!session.enrolled && enrolment === 'done')
    throw forbidden(ENROLMENT_REQUIRED, { enrolmentRequired: true });
  return {
    admin: session.owner,
    token: session.token,
    reauthenticatedAt: session.reauthenticatedAt,
    enrolled: session.enrolled,
  };
}

/** The signed-in, enrolled admin. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<Admin> {
  return (await requireAdminSession(request, reply)).admin;
}
