import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Sealed, sealedCookie } from '../auth/sealed-cookies';
import type { CookieOptions } from '../auth/session-cookies';
import { randomToken } from '../lib/tokens';
import type { MicrosoftFlow, MicrosoftIdentity } from './entra';

// What a sign-in with Microsoft carries between its steps, in sealed httpOnly cookies (SECRETS_KEY,
// AES-GCM), so that any instance serves any step: the flow (state, nonce, PKCE verifier) until Microsoft
// sends the browser back, then the verified Microsoft account until the page signs in or links with it
// (docs/decisions/094-sign-in-with-microsoft.md). Each lives five minutes and is used once: the flow's is
// cleared as Microsoft's answer is read; the account's carries an id (`jti`) the routes record as used
// (docs/decisions/105-a-microsoft-sign-in-is-used-once.md), since clearing a cookie does not stop a copy.

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

/** The verified account as its cookie holds it: with its id, recorded once used, and its expiry. */
export type ProvedAccount = Sealed<VerifiedAccount & { jti: string }>;

export function microsoftCookies(ctx: { secretsKey: Buffer; cookie: CookieOptions }) {
  const flow = sealedCookie<PendingFlow>(FLOW, LIFETIME_MS, ctx);
  const account = sealedCookie<VerifiedAccount & { jti: string }>(ACCOUNT, LIFETIME_MS, ctx);
  return {
    startFlow: (reply: FastifyReply, pending: PendingFlow) => flow.put(reply, pending),
    /** The flow of this browser, taken (used up), or null. */
    takeFlow(request: FastifyRequest, reply: FastifyReply): PendingFlow | null {
      flow.clear(reply);
      return flow.read(request);
    },
    keepAccount: (reply: FastifyReply, verified: VerifiedAccount) =>
      account.put(reply, { ...verified, jti: randomToken() }),
    /** The account this browser proved, unexpired; one sealed before it had an id counts as none. */
    account(request: FastifyRequest): ProvedAccount | null {
      const proved = account.read(request);
      return proved?.jti ? proved : null;
    },
    forgetAccount: (reply: FastifyReply) => account.clear(reply),
  };
}
