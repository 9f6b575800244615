import type { FastifyReply, FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/http-error';
import { currentSession } from './session-cookies';

/** preHandler for user routes: only the user cookie counts, never the admin one. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { ctx } = request.server;
  const session = await currentSession(request, reply, 'user', ctx.sessions.user, ctx.cookie);
  if (!session) throw unauthorized();
  request.user = session.owner;
  request.sessionToken = session.token;
}

/** preHandler for admin routes: only the admin cookie counts, never the user one. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { ctx } = request.server;
  const session = await currentSession(request, reply, 'admin', ctx.sessions.admin, ctx.cookie);
  if (!session) throw unauthorized();
  request.admin = session.owner;
  request.sessionToken = session.token;
}
