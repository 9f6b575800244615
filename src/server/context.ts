import type { FastifyRequest } from 'fastify';
import type { SessionStore } from './auth/sessions';
import type { SignInThrottle } from './auth/sign-in-throttle';
import type { Billing } from './billing/billing';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Metrics } from './lib/metrics';
import type { Mailer } from './mail/mailer';
import type { NoteAppLogout } from './oidc/note-app-logout';
import type { OidcProvider } from './oidc/provider';

/** What every route plugin can reach: built once in app.ts. */
export type AppContext = {
  config: Config;
  database: Database;
  mailer: Mailer;
  sessions: { user: SessionStore<'user'>; admin: SessionStore<'admin'> };
  cookie: { secure: boolean };
  /** Failed sign-ins per account (auth/sign-in-throttle.ts). */
  signInThrottle: SignInThrottle;
  /** Seals second-factor secrets at rest (SECRETS_KEY, lib/secret-box.ts). */
  secretsKey: Buffer;
  /** Ends the note app's sessions whose ChairNotes session ended (oidc/note-app-logout.ts). */
  noteAppLogout: NoteAppLogout;
  /**
   * Asked once a user's first factor is known (a right password, a passkey on its own), before a
   * session or a second step: an area whose rule refuses such a sign-in throws its answer. auth/ imports
   * none of them (docs/architecture.md#layout); microsoft/routes.ts adds a practice's 'sign in with
   * Microsoft' rule.
   */
  signInChecks: Array<(userId: number, request: FastifyRequest) => Promise<void>>;
  /** The OpenID Provider (oidc/routes.ts sets it as it starts). */
  oidcProvider?: OidcProvider;
  /** Stripe, or null when it is not configured. */
  billing: Billing | null;
  /** What GET /metrics exports (lib/metrics.ts): this app's own registry. */
  metrics: Metrics;
  /**
   * Set as shutdown begins (main.ts, before it stops accepting; or app.close()): /api/health/ready
   * answers 503 from then on, so a load balancer stops sending here while requests still finish.
   */
  lifecycle: { shuttingDown: boolean };
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
