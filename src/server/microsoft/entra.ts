import * as oidc from 'openid-client';
import type { Config } from '../config';

// ChairNotes as a relying party of Microsoft Entra ID (docs/architecture.md#microsoft-sign-in), through
// openid-client: the code flow with PKCE, `state` and `nonce`. Entra's multi-tenant discovery publishes
// the issuer `https://login.microsoftonline.com/{tenantid}/v2.0`; openid-client, given an authority on
// login.microsoftonline.com, checks each ID token's `iss` against it filled in with the token's own
// `tid`, and its `aud` and `nonce`; the non-repudiation checks add the signature, by the keys Entra
// publishes (docs/decisions/094-sign-in-with-microsoft.md).

const MICROSOFT_ORIGIN = 'https://login.microsoftonline.com';
const SCOPE = 'openid profile email';

/** What the ChairNotes side needs of one sign-in at Microsoft, kept until its callback. */
export type MicrosoftFlow = { state: string; nonce: string; verifier: string };

/** A Microsoft account as a verified ID token names it. */
export type MicrosoftIdentity = {
  /** The tenant (directory) and the account's object id in it: together, the account. */
  tid: string;
  oid: string;
  /** What the person signs in to Microsoft with; shown, never matched. */
  preferredUsername: string;
  /** Not verified by Entra: shown, never matched (the 'nOAuth' takeover). */
  email: string | null;
  /** Microsoft says a second factor was used (`amr` has `mfa`). */
  mfa: boolean;
};

/** Microsoft's address for `url`, or the stand-in's when MICROSOFT_LOGIN_URL is set (the tests). */
function viaLoginUrl(loginUrl: string | undefined) {
  return (url: string) =>
    loginUrl && url.startsWith(MICROSOFT_ORIGIN) ? loginUrl + url.slice(MICROSOFT_ORIGIN.length) : url;
}

/** Null when Sign in with Microsoft is not configured. */
export function entra(config: Config) {
  const { MICROSOFT_CLIENT_ID: clientId, MICROSOFT_CLIENT_SECRET: secret } = config;
  if (!clientId || !secret) return null;
  const redirectUri = `${config.APP_URL}/api/auth/microsoft/callback`;
  const reach = viaLoginUrl(config.MICROSOFT_LOGIN_URL);
  const fetchVia: oidc.CustomFetch = (url, options) => fetch(reach(url), options as RequestInit);

  // Discovered at the first sign-in, not at start, and tried again after a failure (Microsoft down).
  let discovered: Promise<oidc.Configuration> | undefined;
  function configuration() {
    discovered ??= oidc
      .discovery(new URL(config.MICROSOFT_AUTHORITY), clientId!, secret, undefined, {
        [oidc.customFetch]: fetchVia,
        execute: [oidc.enableNonRepudiationChecks],
        timeout: 10,
      })
      .catch((error: unknown) => {
        discovered = undefined;
        throw error;
      });
    return discovered;
  }

  return {
    /** Where the browser goes to sign in at Microsoft, and what its callback must match. */
    async start(loginHint?: string): Promise<{ url: string; flow: MicrosoftFlow }> {
      const config = await configuration();
      const flow = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_mode: 'query',
        code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
        // Microsoft asks which account each time: a shared surgery computer holds several.
        prompt: 'select_account',
        ...(loginHint ? { login_hint: loginHint } : {}),
      });
      return { url: reach(url.href), flow };
    },

    /**
     * The Microsoft account of the callback at `currentUrl`: the code exchanged with its PKCE verifier,
     * the `state` this browser was given, the ID token's issuer, audience, nonce and signature checked.
     * Throws when any of them is wrong.
     */
    async finish(currentUrl: URL, flow: MicrosoftFlow): Promise<MicrosoftIdentity> {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: flow.verifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      const tid = claims?.tid;
      const oid = claims?.oid;
      if (typeof tid !== 'string' || typeof oid !== 'string')
        throw new Error('the ID token has no tid or oid');
      const amr = Array.isArray(claims?.amr) ? claims.amr : [];
      return {
        tid,
        oid,
        preferredUsername: String(claims?.preferred_username ?? claims?.email ?? oid),
        email: typeof claims?.email === 'string' ? claims.email : null,
        mfa: amr.includes('mfa'),
      };
    },
  };
}
