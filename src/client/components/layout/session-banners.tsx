import { paths } from '@client/config/paths';
import { useNavigation } from '@client/lib/navigation';
import { useCurrentUser } from '@client/lib/session';
import { lazy, Suspense } from 'react';

// Loaded only for the few who need it: most visitors are signed out or verified, and pay on time.
const VerifyEmailBanner = lazy(() =>
  import('@client/features/account').then((m) => ({ default: m.VerifyEmailBanner })),
);
const PaymentActionBanner = lazy(() =>
  import('@client/features/account').then((m) => ({ default: m.PaymentActionBanner })),
);

/** What a signed-in person must act on, above every page: an unverified email, a payment to confirm. */
export function SessionBanners() {
  const { user } = useCurrentUser();
  const { pathname } = useNavigation();
  // Not on the page the banner's link leads to: there it says nothing the page does not, and arriving
  // with the session answer it pushed the page's one button down under a pointer about to click it.
  const askToVerify = user && !user.emailVerified && pathname !== paths.verifyEmail.path;
  return (
    <>
      {askToVerify ? (
        <Suspense fallback={null}>
          <VerifyEmailBanner email={user.email} />
        </Suspense>
      ) : null}
      {/* A renewal the bank may want confirmed: the banner asks the subscription whether it does. */}
      {user?.subscriptionStatus === 'past_due' ? (
        <Suspense fallback={null}>
          <PaymentActionBanner />
        </Suspense>
      ) : null}
    </>
  );
}
