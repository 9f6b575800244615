import { and, eq, gt, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../auth/second-factors';
import type { CookieOptions } from '../auth/session-cookies';
import type { Db } from '../db/client';
import { type WEBAUTHN_CEREMONIES, webauthnChallenges } from '../db/schema';
import { randomToken, sha256Hex } from '../lib/tokens';

export type Ceremony = (typeof WEBAUTHN_CEREMONIES)[number];

/** Long enough to find and touch a security key, short enough that a left-open page's challenge dies. */
const CHALLENGE_MS = 5 * 60 * 1000;

const COOKIE = 'cn_webauthn';
/** Over https `__Host-` (Secure, this host only, path /), like the session cookies. */
const cookieName = (opts: CookieOptions) => (opts.secure ? `__Host-${COOKIE}` : COOKIE);

/**
 * `owner`: the account a registration is for, or whose passkeys alone may answer a sign-in (none: a
 * passwordless sign-in, any user's passkey).
 */
type Pending = { ceremony: Ceremony; challenge: string; owner?: Account; webauthnUserId?: string };

/**
 * The challenges of passkey ceremonies under way, kept on the server and named to the browser by an
 * httpOnly cookie holding a random token (the table keeps only its SHA-256). Each is answered once:
 * reading it deletes it, whatever the answer turns out to be.
 */
export function webauthnChallengesRepo(db: Db) {
  return {
    /** Keeps a new challenge, replacing the one this browser had (only the latest ceremony can finish). */
    async start(request: FastifyRequest, reply: FastifyReply, opts: CookieOptions, pending: Pending) {
      const old = tokenOf(request, opts);
      if (old) await db.delete(webauthnChallenges).where(eq(webauthnChallenges.id, sha256Hex(old)));
      const token = randomToken();
      const expiresAt = new Date(Date.now() + CHALLENGE_MS);
      const { owner, ...rest } = pending;
      await db.insert(webauthnChallenges).values({
        id: sha256Hex(token),
        expiresAt,
        ...rest,
        userId: owner?.kind === 'user' ? owner.id : null,
        adminId: owner?.kind === 'admin' ? owner.id : null,
      });
      reply.setCookie(cookieName(opts), token, {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure: opts.secure,
        expires: expiresAt,
        maxAge: CHALLENGE_MS / 1000,
      });
    },

    /** Takes this browser's challenge of `ceremony` (used up by the taking); null when none is live. */
    async take(
      request: FastifyRequest,
      reply: FastifyReply,
      opts: CookieOptions,
      ceremony: Ceremony,
    ): Promise<Omit<Pending, 'ceremony'> | null> {
      const token = tokenOf(request, opts);
      if (!token) return null;
      reply.clearCookie(cookieName(opts), {
        httpOnly: true,
        sameSite: 'strict',
        path: '/',
        secure: opts.secure,
      });
      const [row] = await db
        .delete(webauthnChallenges)
        .where(
          and(
            eq(webauthnChallenges.id, sha256Hex(token)),
            eq(webauthnChallenges.ceremony, ceremony),
            gt(webauthnChallenges.expiresAt, new Date()),
          ),
        )
        .returning();
      if (!row) return null;
      const owner: Account | undefined =
        row.userId !== null
          ? { kind: 'user', id: row.userId }
          : row.adminId !== null
            ? { kind: 'admin', id: row.adminId }
            : undefined;
      return { challenge: row.challenge, owner, webauthnUserId: row.webauthnUserId ?? undefined };
    },

    async purgeExpired(): Promise<void> {
      await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, new Date()));
    },
  };
}

function tokenOf(request: FastifyRequest, opts: CookieOptions): string | undefined {
  const token = request.cookies[cookieName(opts)];
  return token && /^[A-Za-z0-9_-]{20,64}$/.test(token) ? token : undefined;
}
