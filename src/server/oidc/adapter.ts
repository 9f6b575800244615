import type { IncomingMessage } from 'node:http';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Client } from '../lib/client';
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
    constructor(private readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
      const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
      const link = this.model === 'Session' ? userSessionOfCurrentRequest() : null;
      await repo.upsert(this.model, id, payload as OidcPayload, expiresAt, link);
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client') return undefined;
      return (await repo.find(this.model, id)) as AdapterPayload | undefined;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return (await repo.findByUid(this.model, uid)) as AdapterPayload | undefined;
    }

    async findByUserCode(): Promise<undefined> {
      // The device flow is off: there are no user codes.
      return undefined;
    }

    async consume(id: string): Promise<void> {
      await repo.consume(this.model, id);
    }

    async destroy(id: string): Promise<void> {
      await repo.destroy(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await repo.revokeGrant(grantId);
    }
  };
}
