import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, InteractionResults } from 'oidc-provider';
import type { ValidSession } from '../auth/sessions';
import { interactionPath, type OidcProvider } from './provider';

/** Where a signed-out person signs in (with their second factor), then comes back into the flow. */
export const signInPath = (uid: string) => `/auth?redirect=${encodeURIComponent(interactionPath(uid))}`;
/** Where a signed-in person signs in again, the whole sign-in with its second factor, then comes back. */
const signInAgainPath = (uid: string) =>
  `/auth?prompt=login&redirect=${encodeURIComponent(interactionPath(uid))}`;

/**
 * Kept on the interaction (its `result`, which the provider stores with it until we answer): when
 * ChairNotes first saw it, in milliseconds. The interaction's own `iat` is in whole seconds, so a sign-in
 * in the same second as the note app's asking could not be told from one made after it.
 */
const FIRST_SEEN = 'chairnotesFirstSeenAt';

/**
 * When the note app asks for a fresh sign-in (`prompt=login`, `max_age`), the moment ChairNotes first saw
 * the request (ms), marked on the interaction at that first sight; null when it asks for none.
 */
async function freshSignInAskedAt(details: Interaction): Promise<number | null> {
  const { reasons } = details.prompt;
  if (!reasons.includes('login_prompt') && !reasons.includes('max_age')) return null;
  const seen = details.result?.[FIRST_SEEN];
  if (typeof seen === 'number') return seen;
  const now = Date.now();
  details.result = { ...details.result, [FIRST_SEEN]: now };
  await details.persist();
  return now;
}

/**
 * Whether the sign-in opened at `signedInAt` (ms) is fresh enough: for `prompt=login`, made after the
 * note app asked; for `max_age`, within that many seconds, or after it asked (the person may take
 * longer than max_age to sign in).
 */
function freshEnough(details: Interaction, askedAt: number, signedInAt: number, now: number): boolean {
  if (signedInAt > askedAt) return true;
  if (details.prompt.reasons.includes('login_prompt')) return false;
  return signedInAt >= now - Number(details.params.max_age) * 1000;
}

/**
 * The provider asks for a sign-in or a consent (its interactions). ChairNotes answers both from the
 * person's ChairNotes session, with no page of its own: the note app is ours, so there is no consent
 * screen (docs/decisions/056-openid-provider.md), and a signed-in person goes straight through, unless the
 * note app asked for a fresh sign-in (`prompt=login`, `max_age`) that their session's sign-in is too old
 * for. Only a whole sign-in counts, the second factor too where the person has one: "Confirm it's you"
 * (POST /api/user/reauth, for ChairNotes' own sensitive actions) does not
 * (docs/decisions/108-the-note-apps-step-up-is-a-whole-sign-in.md). Returns where the browser goes next:
 * back into the provider's flow, or to sign in (again).
 */
export async function answerInteraction(
  provider: OidcProvider,
  request: FastifyRequest,
  reply: FastifyReply,
  session: ValidSession<'user'> | null,
): Promise<string> {
  const oidc = provider.current;
  const details = await oidc.interactionDetails(request.raw, reply.raw);
  const askedAt = await freshSignInAskedAt(details);
  if (!session) return signInPath(details.uid);
  const accountId = session.owner.publicId;
  const signedInAt = session.signedInAt.getTime();
  let result: InteractionResults;
  if (details.prompt.name === 'login' || details.session?.accountId !== accountId) {
    if (askedAt !== null && !freshEnough(details, askedAt, signedInAt, Date.now()))
      return signInAgainPath(details.uid);
    // auth_time is their sign-in; amr, how they proved who they are at it.
    const ts = Math.floor(signedInAt / 1000);
    result = { login: { accountId, amr: session.amr, ts, remember: true } };
  } else if (details.prompt.name === 'consent') {
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant = details.grantId
      ? await oidc.Grant.find(details.grantId)
      : new oidc.Grant({ accountId, clientId: String(details.params.client_id) });
    if (!grant) throw new Error('the interaction names a grant that no longer exists');
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(' '));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missingResourceScopes ?? {}))
      grant.addResourceScope(resource, scopes.join(' '));
    result = { consent: { grantId: await grant.save() } };
  } else {
    result = { error: 'access_denied', error_description: `unsupported prompt: ${details.prompt.name}` };
  }
  // A consent answered after a sign-in keeps that sign-in (its last submission): otherwise the flow, on
  // resuming, would find prompt=login unanswered and ask for a sign-in once more.
  return oidc.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: true });
}
