import type { IncomingMessage } from 'node:http';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Client } from '../lib/client';
import { sha256Hex } from '../lib/tokens';
import type { OidcPayload, OidcRepo } from './oidc-repo';

const USER_SESSION = Symbol('chairnotes user session');
type SessionMark = { id: string; userId: number; client: Client };
type Marked = IncomingMessage & { [USER_SESSION]?: SessionMark };

/**
 * The routes mark each request that reaches the provider with the ChairNotes session it carries, so
 * a note-app session saved while answering it is linked to that session.
 */
export function markUserSession(req: IncomingMessage, session: SessionMark | null): void {
  if (session) (req as Marked)[USER_SESSION] = session;
}

/** The ChairNotes session of a request the routes marked. */
export function userSessionOf(req: IncomingMessage): SessionMark | null {
  return (req as Marked)[USER_SESSION] ?? null;
}

/**
 * The models whose id is a live credential (the token or code itself): stored under its SHA-256, as
 * our sessions are, and without it in the payload, so a copy of the database gives no live token
 * (docs/decisions/069-openid-conformance.md). The provider looks them up by the value it is handed, which
 * is hashed the same way. Sessions and interactions are found from cookies the provider signs; grant ids
 * are no credential.
 */
const HASHED_MODELS = new Set(['AccessToken', 'AuthorizationCode', 'RefreshToken']);

/**
 * oidc-provider's storage on our database (its adapter interface, example/my_adapter.js), one
 * instance per model. Clients come from the configuration only: no dynamic registration.
 * `currentRequest` is oidc-provider's request context (Provider.ctx, an AsyncLocalStorage: set while
 * it answers an HTTP request), handed in by whoever loaded the library (provider.ts loads it lazily).
 */
export function databaseAdapter(repo: OidcRepo, currentRequest: () => IncomingMessage | undefined) {
  function userSessionOfCurrentRequest(): string | null {
    const req = currentRequest();
    return req ? (userSessionOf(req)?.id ?? null) : null;
  }

  return class DatabaseAdapter implements Adapter {
    private readonly hashed: boolean;

    constructor(private readonly model: string) {
      this.hashed = HASHED_MODELS.has(model);
    }

    /** The row's id: the token's hash for a token, else the id as the provider gave it. */
    private key(id: string): string {
      return this.hashed ? sha256Hex(id) : id;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const link = this.model === 'Session' ? userSessionOfCurrentRequest() : null;
      const { jti, nonce, ...rest } = payload;
      const stored: AdapterPayload = {
        ...rest,
        ...(this.hashed ? {} : { jti }),
        // A refresh token keeps no nonce: it belongs to the sign-in's ID token, and an ID token from a
        // refresh carries none (OpenID Connect Core 12.2). Codes keep theirs for that first ID token.
        ...(this.model === 'RefreshToken' ? {} : { nonce }),
      };
      await repo.upsert(this.model, this.key(id), stored as OidcPayload, expiresAt, link);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return undefined;
      const found = await repo.find(this.model, this.key(id));
      if (!found) return undefined;
      // The provider knows a token by its value: handed back as it was asked for.
      return (this.hashed ? { ...found, jti: id } : found) as AdapterPayload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await repo.findByUid(this.model, uid)) as AdapterPayload | undefined;
    }

    async findByUserCode(): Promise<undefined> {
      // The device flow is off: there are no user codes.
      return undefined;
    }

    async consume(id: string): Promise<void> {
      await repo.consume(this.model, this.key(id));
    }

    async destroy(id: string): Promise<void> {
      await repo.destroy(this.model, this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await repo.revokeGrant(grantId);
    }
  };
}
