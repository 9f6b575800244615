import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { admins } from '../db/schema';
import { unauthorized } from '../lib/http-error';
import { currentSession } from './session-cookies';
import { usersRepo } from './users-repo';

/** preHandler for user routes: only the user cookie counts, never the admin one. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { ctx } = request.server;
  const session = await currentSession(request, reply, 'user', ctx.sessions.user, ctx.cookie);
  if (!session) throw unauthorized();
  const user = await usersRepo(ctx.database.db).findById(session.subjectId);
  if (!user) throw unauthorized();
  request.user = user;
  request.sessionToken = session.token;
}

/** preHandler for admin routes: only the admin cookie counts, never the user one. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { ctx } = request.server;
  const session = await currentSession(request, reply, 'admin', ctx.sessions.admin, ctx.cookie);
  if (!session) throw unauthorized();
  const [admin] = await ctx.database.db.select().from(admins).where(eq(admins.id, session.subjectId));
  if (!admin) throw unauthorized();
  request.admin = admin;
  request.sessionToken = session.token;
}
