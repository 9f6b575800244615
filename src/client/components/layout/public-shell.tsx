import { paths } from '@client/config/paths';
import { useNavigation } from '@client/lib/navigation';
import { useCurrentUser } from '@client/lib/session';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Footer } from './footer';
import { Header } from './header';

// Loaded only for the few who need it: most visitors are signed out or verified, and pay on time.
const VerifyEmailBanner = lazy(() =>
  import('@client/features/account').then((m) => ({ default: m.VerifyEmailBanner })),
);
const PaymentActionBanner = lazy(() =>
  import('@client/features/account').then((m) => ({ default: m.PaymentActionBanner })),
);

/** Header, main content and footer for every public and user page, router or not. */
export function PublicShell({ children }: { children: ReactNode }) {
  // A prerendered page's buttons do nothing until hydration: this says they now work (the tests wait
  // for it before they click).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  const { user } = useCurrentUser();
  const { pathname } = useNavigation();
  // Not on the page the banner's link leads to: there it says nothing the page does not, and arriving
  // with the session answer it pushed the page's one button down under a pointer about to click it.
  const askToVerify = user && !user.emailVerified && pathname !== paths.verifyEmail.path;
  return (
    <div className="flex min-h-dvh flex-col">
      {/* A button, not a '#main' link: a hash change would become a router navigation. */}
      <button
        type="button"
        onClick={() => document.getElementById('main')?.focus()}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-indigo-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:outline-none focus:ring-2 focus:ring-indigo-500"
      >
        Skip to content
      </button>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 outline-none">
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
        {children}
      </main>
      <Footer />
    </div>
  );
}
