import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type Configuration, interactionPolicy, type KoaContextWithOIDC } from 'oidc-provider';

// A stand-in Microsoft Entra ID for the tests (docs/architecture.md#microsoft-sign-in): an oidc-provider
// instance shaped as Entra publishes itself. Its discovery is Entra's multi-tenant one, every endpoint on
// https://login.microsoftonline.com (the server reaches them here through MICROSOFT_LOGIN_URL), the issuer
// the template `https://login.microsoftonline.com/{tenantid}/v2.0`; its ID tokens carry `tid`, `oid`,
// `preferred_username`, `email`, `name` and `amr`, with `iss` the person's tenant's. oidc-provider signs
// every token with its one issuer, so the token endpoint's ID token is signed again with the same key
// as Entra's would read: that is also where a test has it minted wrong (another tenant's `iss`, another
// client's `aud`, another `nonce`, a key Microsoft never published).

const MICROSOFT_ORIGIN = 'https://login.microsoftonline.com';
export const MICROSOFT_CLIENT = {
  id: '11111111-2222-3333-4444-555555555555',
  secret: 'stand-in-microsoft-client-secret-32-chars',
};

/** A Microsoft account: `tid` its tenant (an NHSmail or Microsoft 365 directory), `oid` its object id there. */
export type MicrosoftPerson = {
  tid: string;
  oid: string;
  preferredUsername: string;
  email?: string;
  name?: string;
  /** How Microsoft says the person proved who they are: ['pwd', 'mfa'] after a second factor. */
  amr?: string[];
};

let people = 0;
/**
 * Makes Microsoft accounts of their own in `tenant`: each a new object id, signing in as `<name>N@<domain>`
 * (their `email` too, when `withEmail`), after a second factor; `over` changes any of it.
 */
export function microsoftPeople(tenant: string, name: string, domain: string, { withEmail = false } = {}) {
  return (over: Partial<MicrosoftPerson> = {}): MicrosoftPerson => {
    people++;
    const address = `${name}${people}@${domain}`;
    return {
      tid: tenant,
      oid: randomUUID(),
      preferredUsername: address,
      ...(withEmail ? { email: address } : {}),
      amr: ['pwd', 'mfa'],
      ...over,
    };
  };
}

/** What the next ID token gets wrong, for the tests that it is refused. */
export type Mischief = 'iss' | 'aud' | 'nonce' | 'signature';

const tenantIssuer = (tid: string) => `${MICROSOFT_ORIGIN}/${tid}/v2.0`;

/** Entra's multi-tenant discovery document, as https://login.microsoftonline.com/organizations/v2.0 publishes it. */
function discovery(tenant: string) {
  const base = `${MICROSOFT_ORIGIN}/${tenant}`;
  return {
    issuer:
      tenant === 'organizations' || tenant === 'common' ? tenantIssuer('{tenantid}') : tenantIssuer(tenant),
    authorization_endpoint: `${base}/oauth2/v2.0/authorize`,
    token_endpoint: `${base}/oauth2/v2.0/token`,
    jwks_uri: `${MICROSOFT_ORIGIN}/${tenant}/discovery/v2.0/keys`,
    response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
    response_modes_supported: ['query', 'fragment', 'form_post'],
    subject_types_supported: ['pairwise'],
    id_token_signing_alg_values_supported: ['RS256'],
    scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
    token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
    claims_supported: [
      'sub',
      'iss',
      'aud',
      'exp',
      'iat',
      'nonce',
      'name',
      'preferred_username',
      'email',
      'tid',
      'oid',
      'amr',
    ],
    tenant_region_scope: 'EU',
  };
}

/**
 * Starts the stand-in on `port` (0: any free one). `redirectUris`: where ChairNotes may be sent back
 * (its callback). `signInAs` says who the next person to sign in at Microsoft is; each sign-in uses
 * the person last named.
 */
export async function startMicrosoft({ port = 0, redirectUris }: { port?: number; redirectUris: string[] }) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  // A key Microsoft never published, under the published key's id: a forged token.
  const { privateKey: forgerKey } = await generateKeyPair('RS256');
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'stand-in-key-1', alg: 'RS256', use: 'sig' };
  let person: MicrosoftPerson = {
    tid: '00000000-0000-0000-0000-000000000001',
    oid: '00000000-0000-0000-0000-0000000000a1',
    preferredUsername: 'someone@example.nhs.uk',
  };
  let mischief: Mischief | undefined;
  const people = new Map<string, MicrosoftPerson>();
  const accountId = (p: MicrosoftPerson) => `${p.tid}/${p.oid}`;

  const configuration: Configuration = {
    clients: [
      {
        client_id: MICROSOFT_CLIENT.id,
        client_secret: MICROSOFT_CLIENT.secret,
        redirect_uris: redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'RS256',
      },
    ],
    jwks: { keys: [signingKey] },
    pkce: { required: () => true },
    responseTypes: ['code'],
    conformIdTokenClaims: false,
    clientAuthMethods: ['client_secret_post', 'client_secret_basic'],
    claims: {
      openid: ['sub', 'tid', 'oid'],
      profile: ['name', 'preferred_username'],
      email: ['email'],
    },
    features: { devInteractions: { enabled: false } },
    ttl: {
      Interaction: 600,
      Grant: 3600,
      Session: 3600,
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 600,
    },
    routes: {
      authorization: '/organizations/oauth2/v2.0/authorize',
      token: '/organizations/oauth2/v2.0/token',
      jwks: '/organizations/discovery/v2.0/keys',
    },
    interactions: {
      url: async (_ctx, interaction) => `/interaction/${interaction.uid}`,
      policy: entraPrompts(),
    },
    // Entra asks no consent of a person whose administrator consented for the tenant: none here either.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, id) => {
      const p = people.get(id);
      if (!p) return undefined;
      return {
        accountId: id,
        claims: async () => ({
          // Entra's `sub` is per application; the account's own id is `oid`.
          sub: `pairwise-${p.oid}`,
          tid: p.tid,
          oid: p.oid,
          preferred_username: p.preferredUsername,
          name: p.name ?? p.preferredUsername,
          ...(p.email ? { email: p.email } : {}),
        }),
      };
    },
  };
  // The in-memory adapter is oidc-provider's own: the stand-in forgets everything when it stops.
  const provider = new Provider(`http://stand-in.invalid`, configuration);
  provider.proxy = true;

  provider.use(async (ctx, next) => {
    await next();
    // Entra sends no `iss` with the code (RFC 9207): the relying party reads the tenant from the ID token.
    const location = ctx.response.get('location');
    if (location?.includes('state=')) {
      const url = new URL(location);
      url.searchParams.delete('iss');
      ctx.response.set('location', url.href);
    }
    if (ctx.path === configuration.routes!.token && ctx.status === 200) {
      const body = ctx.body as { id_token?: string };
      if (body.id_token) body.id_token = await entraIdToken(body.id_token);
    }
  });

  /** The ID token as Entra signs it: its tenant's issuer, `amr`, and this test's mischief. */
  async function entraIdToken(issued: string): Promise<string> {
    const claims = decodeJwt(issued);
    const owner = people.get(`${claims.tid}/${claims.oid}`);
    const wrong = mischief;
    mischief = undefined;
    const payload: Record<string, unknown> = {
      ...claims,
      ver: '2.0',
      ...(owner?.amr ? { amr: owner.amr } : {}),
    };
    delete payload.iss;
    delete payload.aud;
    if (wrong === 'nonce') payload.nonce = 'a-nonce-this-sign-in-never-sent';
    const tid = claims.tid as string;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid, typ: 'JWT' })
      .setIssuer(tenantIssuer(wrong === 'iss' ? '99999999-9999-9999-9999-999999999999' : tid))
      .setAudience(wrong === 'aud' ? 'another-application' : MICROSOFT_CLIENT.id)
      .sign(wrong === 'signature' ? forgerKey : privateKey);
  }

  const callback = provider.callback();
  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in.invalid');
    const wellKnown = url.pathname.match(/^\/([^/]+)\/v2\.0\/\.well-known\/openid-configuration$/);
    if (req.method === 'GET' && wellKnown) return json(res, 200, discovery(wellKnown[1]!));
    // Every tenant's keys are the same ones here, as they are at Entra (one set for the cloud).
    const keys = url.pathname.match(/^\/([^/]+)\/discovery\/v2\.0\/keys$/);
    if (keys && keys[1] !== 'organizations') req.url = configuration.routes!.jwks as string;
    if (req.method === 'GET' && url.pathname.startsWith('/interaction/')) {
      // The person named signs in at once: the tests drive ChairNotes, not Microsoft's pages. A browser
      // that named someone (its cookie, below) gets them, so browser tests running side by side do not
      // sign in as each other's person; else, as at Microsoft, a `login_hint` naming someone known picks
      // them; else the person last named.
      const named = people.get(decodeURIComponent(cookieOf(req, PERSON_COOKIE) ?? ''));
      const hint = (await provider.interactionDetails(req, res)).params.login_hint;
      const hinted = [...people.values()].findLast((p) => p.preferredUsername === hint);
      const who = named ?? hinted ?? person;
      people.set(accountId(who), who);
      await provider.interactionFinished(
        req,
        res,
        { login: { accountId: accountId(who), amr: who.amr }, select_account: {} },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (req.method === 'POST' && url.pathname === '/test/sign-in-as') {
      const body = JSON.parse(await read(req)) as { person: MicrosoftPerson; mischief?: Mischief };
      signInAs(body.person, body.mischief);
      res.setHeader(
        'set-cookie',
        `${PERSON_COOKIE}=${encodeURIComponent(accountId(body.person))}; Path=/; SameSite=Lax`,
      );
      return json(res, 200, { ok: true });
    }
    return callback(req, res);
  }

  function signInAs(next: MicrosoftPerson, wrong?: Mischief) {
    person = next;
    mischief = wrong;
    people.set(accountId(next), next);
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    /** Where https://login.microsoftonline.com is, for MICROSOFT_LOGIN_URL. */
    url: `http://127.0.0.1:${bound}`,
    signInAs,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** oidc-provider's prompts, with Entra's `select_account` (ChairNotes asks for it): the stand-in has one account at a time. */
function entraPrompts() {
  const policy = interactionPolicy.base();
  policy.add(new interactionPolicy.Prompt({ name: 'select_account', requestable: true }));
  return policy;
}

/** The stand-in's own cookie: whom this browser named (POST /test/sign-in-as from its context). */
const PERSON_COOKIE = 'stand_in_person';

function cookieOf(req: IncomingMessage, name: string): string | undefined {
  for (const pair of (req.headers.cookie ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

function read(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

/**
 * A browser at the stand-in Microsoft: from the authorization URL, follows its redirects with its own
 * cookies until it is sent back to `appUrl`; answers that address (the callback, with its code and state).
 */
export async function throughMicrosoft(authorizationUrl: string, appUrl: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = new URL(authorizationUrl);
  for (let hop = 0; hop < 10 && !next.href.startsWith(appUrl); hop++) {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const res = await fetch(next, { redirect: 'manual', headers: { cookie } });
    for (const set of res.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the stand-in Microsoft answered ${res.status}: ${await res.text()}`);
    next = new URL(location, next);
  }
  return next;
}

type Inject = {
  get(url: string): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
  post(url: string, body?: Record<string, unknown>): Promise<{ statusCode: number; body: string }>;
};

/**
 * A person in a browser (`browser`: the tests' client of the app) signing in at Microsoft as `person`,
 * from POST /api/auth/microsoft/start to ChairNotes' callback: answers where the callback sent them.
 */
export async function signInAtMicrosoft(
  browser: Inject,
  microsoft: { url: string; signInAs(person: MicrosoftPerson, mischief?: Mischief): void },
  appUrl: string,
  person: MicrosoftPerson,
  {
    intent = 'sign-in',
    mischief,
    invitation,
    returnTo,
  }: {
    intent?: 'sign-in' | 'link' | 'join' | 'reauth';
    mischief?: Mischief;
    invitation?: string;
    returnTo?: string;
  } = {},
): Promise<string> {
  microsoft.signInAs(person, mischief);
  const start = await browser.post('/api/auth/microsoft/start', {
    intent,
    ...(invitation ? { invitation } : {}),
    ...(returnTo ? { returnTo } : {}),
  });
  if (start.statusCode !== 200) throw new Error(`start: ${start.statusCode} ${start.body}`);
  const back = await throughMicrosoft((JSON.parse(start.body) as { url: string }).url, appUrl);
  const callback = await browser.get(back.pathname + back.search);
  if (callback.statusCode !== 303) throw new Error(`callback: ${callback.statusCode} ${callback.body}`);
  return String(callback.headers.location);
}
