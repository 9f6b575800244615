import { hkdfSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { NOTES_REPORT_SCOPE } from '../../shared/audit-criteria';
import { NOTE_APP_TOKEN_MINUTES } from '../../shared/constants';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { findAccount, OIDC_CLAIMS, OIDC_SCOPES } from './account';
import { databaseAdapter } from './adapter';
import { noteAppSignedIn } from './note-app-sign-ins';
import type { OidcRepo } from './oidc-repo';
import type { OidcPages } from './pages';
import { loadSigningKeys, SIGNING_ALGS } from './signing-keys';

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

/** Where the provider sends a person it needs to sign in (oidc/routes.ts answers there). */
export const interactionPath = (uid: string) => `/oidc/interaction/${uid}`;

/** The note app, from the configuration (docs/architecture.md#runtime); none without an id and secret. */
function noteAppClients(config: Config): ClientMetadata[] {
  if (!config.NOTE_APP_CLIENT_ID || !config.NOTE_APP_CLIENT_SECRET) return [];
  return [
    {
      client_id: config.NOTE_APP_CLIENT_ID,
      client_secret: config.NOTE_APP_CLIENT_SECRET,
      client_name: 'ChairNotes note app',
      redirect_uris: config.NOTE_APP_REDIRECT_URIS,
      post_logout_redirect_uris: config.NOTE_APP_POST_LOGOUT_REDIRECT_URIS,
      // Its server reports finished notes with a token of its own (docs/note-app-integration.md#reports).
      grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      scope: [...OIDC_SCOPES, NOTES_REPORT_SCOPE].join(' '),
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
      ...(config.NOTE_APP_BACKCHANNEL_LOGOUT_URI
        ? {
            backchannel_logout_uri: config.NOTE_APP_BACKCHANNEL_LOGOUT_URI,
            backchannel_logout_session_required: true,
          }
        : {}),
    },
  ];
}

/**
 * The origins of the note app's registered addresses, where the provider's pages send a form: its
 * callbacks (the `response_mode=form_post` answer posts the code there) and where it is sent back after
 * signing out. The CSP's form-action allows them.
 */
export function noteAppOrigins(config: Config): string[] {
  const uris = [...config.NOTE_APP_REDIRECT_URIS, ...config.NOTE_APP_POST_LOGOUT_REDIRECT_URIS];
  return [...new Set(uris.map((uri) => new URL(uri).origin))];
}

/** How the note app authenticates at the token, revocation and PAR endpoints (its secret, either way). */
const CLIENT_AUTH_METHODS: NonNullable<Configuration['clientAuthMethods']> = [
  'client_secret_basic',
  'client_secret_post',
];

/**
 * Keys that sign the provider's cookies (its session and interaction cookies), the same on every
 * instance: derived from SECRETS_KEY, so there is no second secret to configure.
 */
function cookieKeys(secretsKey: Buffer): string[] {
  return [
    Buffer.from(hkdfSync('sha256', secretsKey, '', 'chairnotes oidc cookies', 32)).toString('base64url'),
  ];
}

type ProviderDeps = {
  config: Config;
  db: Db;
  repo: OidcRepo;
  secretsKey: Buffer;
  pages: OidcPages;
  log: FastifyBaseLogger;
  /**
   * The person confirmed signing out of ChairNotes too, on the provider's sign-out page: ends the
   * ChairNotes session of that request, and answers the Set-Cookie values that clear its cookies.
   */
  signOutOfChairNotes: (req: IncomingMessage) => Promise<string[]>;
  /** A person signed in to a client (the note app): the code is on its way to it. For the audit trail. */
  signedInToClient: (
    req: IncomingMessage,
    accountId: string,
    clientId: string,
    amr: string[],
  ) => Promise<void>;
};

type ProviderClass = typeof Provider;

function providerConfiguration(
  Library: ProviderClass,
  deps: ProviderDeps,
  keys: Configuration['jwks'],
): Configuration {
  const { config, db, repo, secretsKey, pages } = deps;
  return {
    adapter: databaseAdapter(repo, () => Library.ctx?.req),
    clients: noteAppClients(config),
    findAccount: findAccount(db),
    claims: OIDC_CLAIMS,
    scopes: [...OIDC_SCOPES, NOTES_REPORT_SCOPE],
    jwks: keys,
    // The one client is ours: the scope claims go in the ID token too, so the note app needs no
    // userinfo call at sign-in (it still has one, for a refresh of the claims).
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    // Authorization code with PKCE (S256, the only method the library offers) for every request.
    pkce: { required: () => true },
    clientAuthMethods: CLIENT_AUTH_METHODS,
    // The revocation endpoint authenticates the client as the token endpoint does, which discovery does
    // not say by itself (RFC 8414 2).
    discovery: { revocation_endpoint_auth_methods_supported: CLIENT_AUTH_METHODS },
    clientDefaults: { id_token_signed_response_alg: 'ES256' },
    // RS256 too, as OpenID Connect Discovery requires of a provider (oidc/signing-keys.ts keeps a key
    // of each); the note app's client stays on ES256.
    enabledJWA: { idTokenSigningAlgValues: [...SIGNING_ALGS], userinfoSigningAlgValues: ['ES256'] },
    // OpenID Connect asks for redirect_uri on every authorization request, even from a client with one.
    allowOmittingSingleRegisteredRedirectUri: false,
    // Server-to-server calls only: no browser script calls the token endpoint from another origin.
    clientBasedCORS: () => false,
    features: {
      devInteractions: { enabled: false },
      // The note app's server, as itself: its reports of finished notes (note-reports/routes.ts).
      clientCredentials: { enabled: true },
      // Pushed authorization requests stay (a server-to-server post, authenticated with the client
      // secret); DPoP goes: the note app's tokens are bound to it by its secret, and discovery should
      // advertise only what the note app may use (docs/decisions/069-openid-conformance.md).
      pushedAuthorizationRequests: { enabled: true },
      dPoP: { enabled: false },
      userinfo: { enabled: true },
      revocation: {
        enabled: true,
        allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId,
      },
      backchannelLogout: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => pages.logoutSource(ctx, form),
        postLogoutSuccessSource: async (ctx) => pages.postLogoutSuccessSource(ctx),
      },
    },
    renderError: async (ctx, out) => pages.renderError(ctx, out),
    // Short tokens, so lost access shows within minutes (docs/architecture.md#note-app-sign-in). A refresh token is
    // bound to the session it came from (no offline_access) and rotates at every use.
    ttl: {
      AccessToken: NOTE_APP_TOKEN_MINUTES * MINUTE,
      IdToken: NOTE_APP_TOKEN_MINUTES * MINUTE,
      AuthorizationCode: MINUTE,
      Interaction: 30 * MINUTE,
      RefreshToken: 30 * DAY,
      // A ChairNotes user session lasts 90 days at most; the note app's may not outlive it.
      Session: 90 * DAY,
      Grant: 90 * DAY,
      ClientCredentials: 10 * MINUTE,
      DeviceCode: 10 * MINUTE,
      BackchannelAuthenticationRequest: 10 * MINUTE,
      PreAuthorizedCode: 10 * MINUTE,
    },
    // oidc-provider refuses to call private and loopback addresses (against SSRF through URLs a client
    // supplies). Our one outgoing call goes to the back-channel URI the operator configured, which may
    // rightly be on the same private network: that one is trusted.
    fetch: (url, options) => {
      const trusted = String(url) === config.NOTE_APP_BACKCHANNEL_LOGOUT_URI;
      const { dispatcher: _ssrfGuard, ...unguarded } = options as RequestInit & { dispatcher?: unknown };
      return fetch(url, trusted ? unguarded : options);
    },
    rotateRefreshToken: true,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    interactions: { url: async (_ctx, interaction) => interactionPath(interaction.uid) },
    cookies: {
      keys: cookieKeys(secretsKey),
      names: { session: 'cn_oidc_session', interaction: 'cn_oidc_interaction', resume: 'cn_oidc_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
  };
}

/** The endpoints a browser may reach with a form post as well as a GET (OpenID Connect Core 3.1.2.1, RP-Initiated Logout 2). */
const POSTABLE = new Set(['/auth', '/session/end']);
const POSTED_FORM_LIMIT = 64 * 1024;

/**
 * A form posted to the authorization or end-session endpoint goes on as the same request by GET (a
 * 303 to the endpoint with the form as its query). oidc-provider takes such posts itself only with
 * SameSite=None session cookies (a cross-site post carries no Lax cookie); the GET a 303 makes is a
 * top-level navigation, which carries them, so the cookies stay Lax.
 */
async function postedAsGet(ctx: KoaContextWithOIDC, next: () => Promise<void>): Promise<void> {
  if (ctx.method !== 'POST' || !POSTABLE.has(ctx.path) || !ctx.is('application/x-www-form-urlencoded'))
    return next();
  let form = '';
  for await (const chunk of ctx.req) {
    form += chunk;
    if (form.length > POSTED_FORM_LIMIT) {
      ctx.status = 413;
      ctx.body = { message: 'The form is too large.' };
      return;
    }
  }
  // The path as the browser sent it (routes.ts mounts the provider under /oidc, as originalUrl).
  const path = ((ctx.req as { originalUrl?: string }).originalUrl ?? ctx.originalUrl).split('?')[0];
  ctx.status = 303;
  ctx.redirect(`${path}?${new URLSearchParams(form)}`);
}

function buildProvider(Library: ProviderClass, deps: ProviderDeps, keys: Configuration['jwks']): Provider {
  const provider = new Library(`${deps.config.APP_URL}/oidc`, providerConfiguration(Library, deps, keys));
  // Behind the proxies TRUST_PROXY names, X-Forwarded-Proto says whether the request came over https.
  provider.proxy = Boolean(deps.config.TRUST_PROXY);
  provider.use(postedAsGet);
  // Each sign-in the provider answers with a code, as its event names it, recorded before the answer goes.
  const signIns = new WeakMap<object, { accountId: string; clientId: string; amr: string[] }>();
  provider.on('authorization.success', (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.session?.accountId;
    const clientId = ctx.oidc.client?.clientId;
    const amr = ctx.oidc.session?.amr ?? [];
    if (accountId && clientId) signIns.set(ctx, { accountId, clientId, amr });
  });
  provider.use(async (ctx, next) => {
    await next();
    const signIn = signIns.get(ctx);
    if (signIn)
      await deps
        .signedInToClient(ctx.req, signIn.accountId, signIn.clientId, signIn.amr)
        .catch((err: unknown) => deps.log.error({ err }, 'a sign-in to the note app not recorded'));
    // A path the provider does not have: our 404, as for any other unknown path (not Koa's plain text).
    if (ctx.status === 404 && ctx.body === undefined) {
      ctx.status = 404;
      ctx.body = { message: `Not found: ${ctx.method} ${ctx.originalUrl.split('?')[0]}` };
    }
    // RP-initiated logout, answered 'Sign out of both': ChairNotes signs them out as well.
    if (ctx.oidc?.route === 'end_session_confirm' && ctx.oidc.params?.logout && ctx.status === 303) {
      for (const cookie of await deps.signOutOfChairNotes(ctx.req)) ctx.append('set-cookie', cookie);
    }
  });
  // Each sign-in to the note app (a code exchanged for tokens; a refresh is not one).
  provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    const accountId = ctx.oidc.account?.accountId;
    if (ctx.oidc.params?.grant_type !== 'authorization_code' || !accountId) return;
    noteAppSignedIn(deps.db, accountId, String(ctx.oidc.client?.clientId)).catch((err: unknown) =>
      deps.log.warn({ err }, 'note-app sign-in not recorded'),
    );
  });
  provider.on('server_error', (_ctx: KoaContextWithOIDC, err: Error) =>
    deps.log.error({ err }, 'OpenID Provider error'),
  );
  provider.on('backchannel.error', (_ctx: unknown, err: Error, client: { clientId: string }) =>
    deps.log.warn({ err, clientId: client.clientId }, 'back-channel logout not delivered'),
  );
  return provider;
}

/**
 * The provider, rebuilt whenever the signing keys change (`npm run oidc:rotate-keys` on any
 * instance): oidc-provider takes its keys once, when it is made. `refresh` reads the keys again.
 */
export async function oidcProvider(deps: ProviderDeps) {
  // oidc-provider (with Koa and jose under it) is slow to import (docs/performance.md#start-imports): loaded here, when the provider
  // starts (oidc/routes.ts), beside its keys' query, rather than with every module of the server.
  const [{ default: Library }, signing] = await Promise.all([
    import('oidc-provider'),
    loadSigningKeys(deps.repo, deps.secretsKey),
  ]);
  let { keys, version } = signing;
  let provider = buildProvider(Library, deps, { keys });
  let callback = provider.callback();
  return {
    get current() {
      return provider;
    },
    get callback() {
      return callback;
    },
    /** Reads the keys; a new provider when they (or the key that signs) changed. */
    async refresh(now = Date.now()): Promise<void> {
      const next = await loadSigningKeys(deps.repo, deps.secretsKey, now);
      if (next.version === version) return;
      ({ keys, version } = next);
      provider = buildProvider(Library, deps, { keys });
      callback = provider.callback();
      deps.log.info({ keys: version }, 'OpenID Connect signing keys reloaded');
    },
  };
}

export type OidcProvider = Awaited<ReturnType<typeof oidcProvider>>;
