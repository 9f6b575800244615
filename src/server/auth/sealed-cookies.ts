import type { FastifyReply, FastifyRequest } from 'fastify';
import { openSecret, sealSecret } from '../lib/secret-box';
import type { CookieOptions } from './session-cookies';

// What a browser carries for the server between requests and must not read or alter, in httpOnly cookies
// sealed with SECRETS_KEY (AES-GCM, lib/secret-box.ts), so that any instance reads any of them: a sign-in
// with Microsoft under way (microsoft/microsoft-cookies.ts), a device that signed in before (device-cookies.ts).

/** A value as read back: with the moment its cookie stops counting. */
export type Sealed<T> = T & { expiresAt: number };

/**
 * A sealed cookie named `base` (`__Host-` over https like the session cookies; Lax, so that it comes back
 * with a redirect from another site), holding a value for `lifetimeMs`: past it, read as none.
 */
export function sealedCookie<T extends object>(
  base: string,
  lifetimeMs: number,
  { secretsKey, cookie }: { secretsKey: Buffer; cookie: CookieOptions },
) {
  const name = cookie.secure ? `__Host-${base}` : base;
  const options = { httpOnly: true, sameSite: 'lax' as const, path: '/', secure: cookie.secure };
  return {
    put(reply: FastifyReply, value: T): void {
      const sealed = sealSecret(secretsKey, JSON.stringify({ ...value, expiresAt: Date.now() + lifetimeMs }));
      reply.setCookie(name, sealed, { ...options, maxAge: Math.round(lifetimeMs / 1000) });
    },
    /** The value, or null: none, altered, sealed with another key, or past its lifetime. */
    read(request: FastifyRequest): Sealed<T> | null {
      const sealed = request.cookies[name];
      if (!sealed) return null;
      try {
        const value = JSON.parse(openSecret(secretsKey, sealed)) as Sealed<T>;
        return value.expiresAt > Date.now() ? value : null;
      } catch {
        return null;
      }
    },
    clear(reply: FastifyReply): void {
      reply.clearCookie(name, options);
    },
  };
}
