import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Interaction, InteractionResults } from 'oidc-provider';
import type { ValidSession } from '../auth/sessions';
import { interactionPath, type OidcProvider } from './provider';

/** Where a person gives their password (and second factor) again, then comes back into the flow. */
const signInAgainPath = (uid: string) =>
  `/auth?prompt=login&redirect=${encodeURIComponent(interactionPath(uid))}`;

/**
 * The note app asked for a fresh sign-in: the earliest proof it accepts (seconds since the epoch), or
 * null when any will do. `prompt=login`: a proof given since it asked. `max_age`: one within that many
 * seconds, or since it asked (the person may take longer than max_age to type it).
 */
function freshProofSince(details: Interaction, now: number): number | null {
  const { reasons } = details.prompt;
  if (reasons.includes('login_prompt')) return details.iat;
  if (reasons.includes('max_age')) return Math.min(details.iat, now - Number(details.params.max_age));
  return null;
}

/**
 * The provider asks for a sign-in or a consent (its interactions). ChairNotes answers both from the
 * person's ChairNotes session, with no page of its own: the note app is ours, so there is no consent
 * screen (docs/decisions/056-openid-provider.md), and a signed-in person goes straight through, unless the
 * note app asked for a fresh sign-in (`prompt=login`, `max_age`) their session's last proof is too old for.
 * Returns where the browser goes next: back into the provider's flow, or to sign in again.
 */
export async function answerInteraction(
  provider: OidcProvider,
  request: FastifyRequest,
  reply: FastifyReply,
  session: ValidSession<'user'>,
): Promise<string> {
  const oidc = provider.current;
  const details = await oidc.interactionDetails(request.raw, reply.raw);
  const accountId = session.owner.publicId;
  const provedAt = Math.floor(session.reauthenticatedAt.getTime() / 1000);
  let result: InteractionResults;
  if (details.prompt.name === 'login' || details.session?.accountId !== accountId) {
    const since = freshProofSince(details, Math.floor(Date.now() / 1000));
    if (since !== null && provedAt < since) return signInAgainPath(details.uid);
    // auth_time is when they last proved who they are; amr, how they did at that sign-in.
    result = { login: { accountId, amr: session.amr, ts: provedAt, remember: true } };
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
