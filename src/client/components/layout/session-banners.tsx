import { paths } from '@client/config/paths';
import { useNavigation } from '@client/lib/navigation';
import { useCurrentUser } from '@client/lib/session';
import { NOTE_APP_TOKEN_MINUTES } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/auth';
import { ShieldAlert } from 'lucide-react';
import { lazy, Suspense } from 'react';

// Loaded only for the few who need it: most visitors are signed out or verified, and pay on time.
let account: typeof import('@client/features/account') | undefined;
const loadAccount = async () => (account = await import('@client/features/account'));
const LazyVerifyEmailBanner = lazy(() => loadAccount().then((m) => ({ default: m.VerifyEmailBanner })));
const LazyPaymentActionBanner = lazy(() => loadAccount().then((m) => ({ default: m.PaymentActionBanner })));

/**
 * Before a signed-in page first shows (its route's loader, src/client/app/guards.ts): the banner this
 * person will see above it, loaded now, so that it is there with the page rather than pushing it down
 * later. The banners' code comes with the account's, which is a long task to run on a slow
 * phone: it is asked for only when the answer shows a banner is due (an unverified email, an unpaid
 * renewal), not for everyone signed in on the chance.
 */
export async function preloadShell(user: PublicUser): Promise<void> {
  if (!user.emailVerified || user.subscriptionStatus === 'past_due') await loadAccount();
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

/**
 * The practice requires a second factor this person has not turned on: the note app is closed to them
 * until they do (docs/decisions/092-a-practice-sign-in-policy.md). Small and without data of its own, so
 * it is here rather than loaded with the account's code.
 */
function TwoFactorRequiredBanner({ practiceName }: { practiceName: string }) {
  const { Link, pathname, search } = useNavigation();
  // On the Security tab itself the banner still says why; its link would lead nowhere new.
  const securityTab = paths.account.getHref('security');
  const here = `${pathname}${search}` === securityTab;
  return (
    <section
      aria-labelledby="two-factor-required-heading"
      className="border-amber-200 border-b bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
        {/* Wide enough to read before the link wraps under it on a phone. */}
        <div className="min-w-0 flex-[1_1_16rem]">
          <p id="two-factor-required-heading" className="font-semibold">
            {practiceName} requires a second factor
          </p>
          <p className="text-sm">
            The note app is closed to you until you turn on an authenticator app or a passkey. Once you have,
            it opens within {NOTE_APP_TOKEN_MINUTES} minutes, or at once when you sign in to it again.
          </p>
        </div>
        {here ? null : (
          <Link
            to={securityTab}
            className="rounded-md border border-amber-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-amber-100"
          >
            Turn on a second factor
          </Link>
        )}
      </div>
    </section>
  );
}

/** What a signed-in person must act on, above every page: an unverified email, a payment to confirm, a second factor. */
export function SessionBanners() {
  const { user } = useCurrentUser();
  const { pathname, pageShown } = useNavigation();
  // Above a page that is still loading, a banner would push its shell down, then the page: it comes with the page.
  if (!pageShown) return null;
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
      {/* A renewal the bank may want confirmed: the banner asks the subscription whether it does. Not for a
      person their practice covers: their own plan gives them nothing more, and its tab says how to end it. */}
      {user?.subscriptionStatus === 'past_due' && user.access?.through !== 'practice' ? (
        <PaymentActionBanner />
      ) : null}
      {user?.noteAppBlockedReason === 'two_factor_required' ? (
        <TwoFactorRequiredBanner practiceName={user.practice?.name ?? 'Your practice'} />
      ) : null}
    </>
  );
}
