import { isServerPage, isWithin, paths } from '@client/config/paths';
import { safeRedirect } from '@client/lib/safe-redirect';
import type { PublicUser } from '@shared/schemas/auth';

const SIGN_IN_PAGES = [paths.auth.path, paths.forgotPassword.path, paths.resetPassword.path];

/**
 * Where /auth sends a visitor, from its `redirect` parameter (default '/'). Sign-in pages are refused
 * as targets: a signed-in visitor sent back to /auth would bounce there for ever.
 */
export function authRedirectTarget(param: string | null): string {
  const target = safeRedirect(param);
  return SIGN_IN_PAGES.some((page) => isWithin(target, page)) ? paths.home.getHref() : target;
}

/**
 * A visitor on their way somewhere they chose: subscribing (/subscribe and below), joining the
 * practice that invited them (/practice/join), signing in to the note app (back into its OpenID
 * Connect flow, which tells the note app whether they may use it), or reviewing their second factors
 * after a password reset (the Security tab).
 */
const isOnTheirWay = (target: string) =>
  isWithin(target, paths.subscribe.root.path) ||
  isWithin(target, paths.practice.join.path) ||
  target === paths.account.getHref('security') ||
  isServerPage(target);

/*
 * After sign-in or registration (docs/architecture.md#screens) a user on the free plan is shown /pricing, which is
 * where a new account starts. The exceptions: a visitor who chose a plan arrives with
 * redirect=/subscribe/<plan>, and sending them to /pricing would make them choose it again, so that
 * redirect is honoured; and a person whose practice gives them access (on the free plan of their own)
 * has nothing to buy there (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md),
 * nor has a member whose practice's access is closed for now; one closed out until they turn on a second
 * factor is taken where they do (docs/decisions/092-a-practice-sign-in-policy.md).
 * An already signed-in visitor simply goes to the redirect target.
 */
export function afterLoginTarget(user: PublicUser, target: string): string {
  if (isOnTheirWay(target)) return target;
  // Their practice pays, but asks for a second factor first: where they turn one on.
  if (user.noteAppBlockedReason === 'two_factor_required') return paths.account.getHref('security');
  if (user.plan === 'free' && !user.access && !user.practice) return paths.pricing.getHref();
  return target;
}

export function afterRegisterTarget(target: string): string {
  return isOnTheirWay(target) ? target : paths.pricing.getHref();
}

/**
 * The practice invitation a visitor registers to accept: the token of the join link they are on their way
 * back to. Sent with the registration, it spares them a mail asking to verify the address it came to.
 */
export function invitationIn(target: string): string | undefined {
  const url = new URL(target, 'https://chairnotes.invalid');
  if (url.pathname !== paths.practice.join.path) return undefined;
  return url.searchParams.get('token') ?? undefined;
}
