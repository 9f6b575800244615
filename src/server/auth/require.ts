import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admin, User } from '../db/schema';
import { unauthorized } from '../lib/http-error';
import { currentSession } from './session-cookies';

// Guards, called first in a handler (epic-stack's requireUserId): they answer 401 or hand back who asks.

/** The signed-in user and their session token, or null for a visitor (a route open to both). */
export async function optionalUserSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ user: User; token: string } | null> {
  const { ctx } = request.server;
  const session = await currentSession(request, reply, 'user', ctx.sessions.user, ctx.cookie);
  return session && { user: session.owner, token: session.token };
}

/** The signed-in user and their session token. Only the user cookie counts, never the admin one. */
export async function requireUserSession(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ user: User; token: string }> {
  const session = await optionalUserSession(request, reply);
  if (!session) throw unauthorized();
  return session;
}

export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<User> {
  return (await requireUserSession(request, reply)).user;
}

/** The signed-in admin. Only the admin cookie counts, never the user one. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<Admin> {
  const { ctx } = request.server;
  const session = await currentSession(request, reply, 'admin', ctx.sessions.admin, ctx.cookie);
  if (!session) throw unauthorized();
  return session.owner;
}
