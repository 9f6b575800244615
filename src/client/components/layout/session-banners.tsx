import { paths } from '@client/config/paths';
import { useNavigation } from '@client/lib/navigation';
import { useCurrentUser } from '@client/lib/session';
import type { PublicUser } from '@shared/schemas/auth';
import { lazy, Suspense } from 'react';

// Loaded only for the few who need it: most visitors are signed out or verified, and pay on time.
let account: typeof import('@client/features/account') | undefined;
const loadAccount = async () => (account = await import('@client/features/account'));
const LazyVerifyEmailBanner = lazy(() => loadAccount().then((m) => ({ default: m.VerifyEmailBanner })));
const LazyPaymentActionBanner = lazy(() => loadAccount().then((m) => ({ default: m.PaymentActionBanner })));

/**
 * Before a page first shows (the router's loader): the banner this person will see above it, loaded now,
 * so that it is there with the page rather than pushing it down later. `session` is the session's
 * answer on its way. The banners' code comes with the account's, which is a long task to run on a slow
 * phone: it is asked for only when the answer shows a banner is due (an unverified email, an unpaid
 * renewal), not for everyone signed in on the chance.
 */
export async function preloadShell(session: Promise<PublicUser | null>): Promise<void> {
  const user = await session;
  if (user && (!user.emailVerified || user.subscriptionStatus === 'past_due')) await loadAccount();
}

function VerifyEmailBanner({ email }: { email: string }) {
  if (account) return <account.VerifyEmailBanner email={email} />;
  return (
    <Suspense fallback={null}>
      <LazyVerifyEmailBanner email={email} />
    </Suspense>
  );
}

function PaymentActionBanner() {
  if (account) return <account.PaymentActionBanner />;
  return (
    <Suspense fallback={null}>
      <LazyPaymentActionBanner />
    </Suspense>
  );
}

/** What a signed-in person must act on, above every page: an unverified email, a payment to confirm. */
export function SessionBanners() {
  const { user } = useCurrentUser();
  const { pathname } = useNavigation();
  // Not on the page the banner's link leads to: there it says nothing the page does not, and arriving
  // with the session answer it pushed the page's one button down under a pointer about to click it.
  // Nor on an invitation's page: joining from it verifies the invited address (docs/decisions/065-a-member-sees-their-practice-and-an-invitation-proves-its-address.md).
  const askToVerify =
    user &&
    !user.emailVerified &&
    pathname !== paths.verifyEmail.path &&
    pathname !== paths.practice.join.path;
  return (
    <>
      {askToVerify ? <VerifyEmailBanner email={user.email} /> : null}
      {/* A renewal the bank may want confirmed: the banner asks the subscription whether it does. */}
      {user?.subscriptionStatus === 'past_due' ? <PaymentActionBanner /> : null}
    </>
  );
}
