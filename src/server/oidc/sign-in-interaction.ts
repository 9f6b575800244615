import type { FastifyReply, FastifyRequest } from 'fastify';
import type { InteractionResults } from 'oidc-provider';
import type { ValidSession } from '../auth/sessions';
import type { OidcProvider } from './provider';

/**
 * The provider asks for a sign-in or a consent (its interactions). ChairNotes answers both from the
 * person's ChairNotes session, with no page of its own: the note app is ours, so there is no consent
 * screen (design.md section 11), and a signed-in person goes straight through.
 * Returns where the browser goes next: back into the provider's flow.
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
  let result: InteractionResults;
  if (details.prompt.name === 'login' || details.session?.accountId !== accountId) {
    // auth_time is when they last proved who they are; amr, how they did at sign-in.
    result = {
      login: {
        accountId,
        amr: session.amr,
        ts: Math.floor(session.reauthenticatedAt.getTime() / 1000),
        remember: true,
      },
    };
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
  return oidc.interactionResult(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
}
