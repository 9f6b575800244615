import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Admin, User } from '../db/schema';
import { forbidden, unauthorized } from '../lib/http-error';
import { ADMIN_SESSION, USER_SESSION } from '../openapi';
import type { Membership } from '../practices/membership';
import { currentSession } from './session-cookies';

// The guards (docs/decisions/083-guards-declared-per-route.md). A route declares who may call it
// with `config: { access }`; the guard runs as the route's preValidation hook, so before its body,
// query and parameters are validated (an anonymous caller with a bad body gets 401, not 400), and
// hands the handler who asks as a typed request property. No handler calls a guard.

/** Who asks, with what the session says of them. */
export type UserSession = {
  user: User;
  token: string;
  /** When they last proved it is them (auth/recent-auth.ts). */
  reauthenticatedAt: Date;
  /** They have a second factor on. */
  twoFactor: boolean;
  /** This session was opened by Microsoft with its second factor (`amr` has `mfa`). */
  microsoftMfa: boolean;
  /** Their practice, as the session look-up read it. */
  practice: Membership | null;
};

export type AdminSession = { admin: Admin; token: string; reauthenticatedAt: Date; enrolled: boolean };

/**
 * Who may call a route:
 *   user       a signed-in user (the user cookie only): `request.userSession`
 *   anyone     visitors too; a signed-in user is known: `request.visitorSession` (null for a visitor)
 *   admin      a signed-in admin enrolled in two-factor sign-in: `request.adminSession`
 *   enrolling  a signed-in admin, enrolled or not (the few routes an admin uses to enrol, and to see
 *              who they are): `request.adminSession`
 * A route with no `access` is public and reads no session.
 */
export type Access = 'user' | 'anyone' | 'admin' | 'enrolling';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** The signed-in user's session: on routes with `access: 'user'` only. */
    readonly userSession: UserSession;
    /** The session of a user, or null for a visitor: on routes with `access: 'anyone'` only. */
    readonly visitorSession: UserSession | null;
    /** The signed-in admin's session: on routes with `access: 'admin'` or `'enrolling'` only. */
    readonly adminSession: AdminSession;
  }
}

const ENROLMENT_REQUIRED = 'Set up two-factor sign-in to use the admin area.';

/** Where each guard leaves what it found (read through the request properties above). */
const FOUND = Symbol('chairnotes guard found');
type Found = { access: Access; user?: UserSession | null; admin?: AdminSession };
type Guarded = FastifyRequest & { [FOUND]?: Found };

async function userSession(request: FastifyRequest, reply: FastifyReply): Promise<UserSession | null> {
  const { ctx } = request.server;
  // Only the user cookie counts, never the admin one.
  const session = await currentSession(request, reply, 'user', ctx.sessions.user, ctx.cookie);
  return (
    session && {
      user: session.owner,
      token: session.token,
      reauthenticatedAt: session.reauthenticatedAt,
      twoFactor: session.twoFactor,
      microsoftMfa: session.amr.includes('mfa'),
      practice: session.practice,
    }
  );
}

/**
 * Only the admin cookie counts, never the user one. Admins must use a second factor: a session not
 * enrolled is refused (403, `enrolmentRequired`) unless the route is `enrolling`.
 */
async function adminSession(
  request: FastifyRequest,
  reply: FastifyReply,
  access: Access,
): Promise<AdminSession> {
  const { ctx } = request.server;
  const session = await currentSession(request, reply, 'admin', ctx.sessions.admin, ctx.cookie);
  if (!session) throw unauthorized();
  if (!session.enrolled && access !== 'enrolling')
    throw forbidden(ENROLMENT_REQUIRED, { enrolmentRequired: true });
  return {
    admin: session.owner,
    token: session.token,
    reauthenticatedAt: session.reauthenticatedAt,
    enrolled: session.enrolled,
  };
}

/** The guard for one kind of access, as a hook (a route's own, or a whole plugin's: admin/routes.ts). */
export function guard(access: Access) {
  return async function accessGuard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const found: Found = { access };
    if (access === 'admin' || access === 'enrolling')
      found.admin = await adminSession(request, reply, access);
    else {
      found.user = await userSession(request, reply);
      if (!found.user && access === 'user') throw unauthorized();
    }
    (request as Guarded)[FOUND] = found;
  };
}

/**
 * Who the request was answered for, as far as its guard found (nothing on a public route, or when the
 * guard refused): for the request's log line (lib/request-log.ts). Never throws.
 */
export function requesterOf(request: FastifyRequest): { userId?: number; adminId?: number } {
  const found = (request as Guarded)[FOUND];
  if (found?.user) return { userId: found.user.user.id };
  if (found?.admin) return { adminId: found.admin.admin.id };
  return {};
}

function foundBy(request: FastifyRequest, allowed: Access[], property: string): Found {
  const found = (request as Guarded)[FOUND];
  // A programming error, found by the access matrix (tests/api/access-matrix.test.ts) calling every route.
  if (!found || !allowed.includes(found.access))
    throw new Error(
      `${request.routeOptions.url}: request.${property} needs a route with access ${allowed.join(' or ')}`,
    );
  return found;
}

/**
 * The per-route guards: each route's `config.access` adds its guard as the route's first
 * preValidation hook and its `security` to the API document (a route never declares `security`
 * itself, so the document cannot say what the guard does not do). Registered before the routes.
 */
export function registerAccessGuards(app: FastifyInstance): void {
  app.decorateRequest('userSession', {
    getter(this: FastifyRequest) {
      return foundBy(this, ['user'], 'userSession').user as UserSession;
    },
  });
  app.decorateRequest('visitorSession', {
    getter(this: FastifyRequest) {
      return foundBy(this, ['anyone'], 'visitorSession').user ?? null;
    },
  });
  app.decorateRequest('adminSession', {
    getter(this: FastifyRequest) {
      return foundBy(this, ['admin', 'enrolling'], 'adminSession').admin as AdminSession;
    },
  });
  app.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (route.schema?.security)
      throw new Error(`${route.method} ${route.url}: declare config.access, not schema.security`);
    if (!access) return;
    const own = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [guard(access), ...own];
    const security = { user: USER_SESSION, admin: ADMIN_SESSION, enrolling: ADMIN_SESSION }[access as string];
    if (security) route.schema = { ...route.schema, security };
  });
}
