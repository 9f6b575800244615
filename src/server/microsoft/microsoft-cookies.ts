import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieOptions } from '../auth/session-cookies';
import { openSecret, sealSecret } from '../lib/secret-box';
import type { MicrosoftFlow, MicrosoftIdentity } from './entra';

// What a sign-in with Microsoft carries between its steps, in sealed httpOnly cookies (SECRETS_KEY,
// AES-GCM), so that any instance serves any step: the flow (state, nonce, PKCE verifier) until Microsoft
// sends the browser back, then the verified Microsoft account until the page signs in or links with it
// (docs/decisions/094-sign-in-with-microsoft.md). Each lives five minutes and is used once.

const LIFETIME_MS = 5 * 60_000;
const FLOW = 'cn_ms_flow';
const ACCOUNT = 'cn_ms_account';

type Intent = 'sign-in' | 'link' | 'join' | 'reauth';

/**
 * A sign-in at Microsoft under way: for signing in, for linking to (or confirming it is) the user
 * `userId`, or for accepting the practice invitation whose token is `invitation` (bound to this
 * browser's flow, not to the page's next request).
 */
export type PendingFlow = MicrosoftFlow & {
  intent: Intent;
  userId?: number;
  returnTo?: string;
  invitation?: string;
};

/** A Microsoft account just verified, waiting for the page to sign in, link or join with it. */
export type VerifiedAccount = {
  identity: MicrosoftIdentity;
  intent: Intent;
  userId?: number;
  invitation?: string;
};

type Sealed<T> = T & { expiresAt: number };

/** `__Host-` over https like the session cookies; Lax, so that it comes back with Microsoft's redirect. */
const name = (base: string, opts: CookieOptions) => (opts.secure ? `__Host-${base}` : base);
const options = (opts: CookieOptions) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  path: '/',
  secure: opts.secure,
});

function put<T>(reply: FastifyReply, base: string, key: Buffer, opts: CookieOptions, value: T) {
  const sealed = sealSecret(key, JSON.stringify({ ...value, expiresAt: Date.now() + LIFETIME_MS }));
  reply.setCookie(name(base, opts), sealed, { ...options(opts), maxAge: LIFETIME_MS / 1000 });
}

function read<T>(request: FastifyRequest, base: string, key: Buffer, opts: CookieOptions): T | null {
  const sealed = request.cookies[name(base, opts)];
  if (!sealed) return null;
  try {
    const value = JSON.parse(openSecret(key, sealed)) as Sealed<T>;
    return value.expiresAt > Date.now() ? value : null;
  } catch {
    return null;
  }
}

function clear(reply: FastifyReply, base: string, opts: CookieOptions) {
  reply.clearCookie(name(base, opts), options(opts));
}

export function microsoftCookies({ secretsKey, cookie }: { secretsKey: Buffer; cookie: CookieOptions }) {
  return {
    startFlow: (reply: FastifyReply, flow: PendingFlow) => put(reply, FLOW, secretsKey, cookie, flow),
    /** The flow of this browser, taken (used up), or null. */
    takeFlow(request: FastifyRequest, reply: FastifyReply): PendingFlow | null {
      clear(reply, FLOW, cookie);
      return read<PendingFlow>(request, FLOW, secretsKey, cookie);
    },
    keepAccount: (reply: FastifyReply, account: VerifiedAccount) =>
      put(reply, ACCOUNT, secretsKey, cookie, account),
    account: (request: FastifyRequest) => read<VerifiedAccount>(request, ACCOUNT, secretsKey, cookie),
    forgetAccount: (reply: FastifyReply) => clear(reply, ACCOUNT, cookie),
  };
}
