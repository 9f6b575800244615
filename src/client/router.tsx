import { PublicLayout } from '@client/components/layout/public-layout';
import { PageError, RouteError } from '@client/components/layout/route-error';
import { preloadShell } from '@client/components/layout/session-banners';
import { AdminStartingPage, StartingPage } from '@client/components/layout/starting-page';
import { paths, sitePagePaths } from '@client/config/paths';
import { billingDetailsQueryOptions } from '@client/features/account/api/billing-details';
import { prefetchAccountPage } from '@client/features/account/api/prefetch-account';
import { loadAccountTab } from '@client/features/account/tab-modules';
import { adminQueryOptions } from '@client/features/admin/api/get-admin';
import { getAdminStatsQueryOptions } from '@client/features/admin/api/get-stats';
import { ProtectedRoute } from '@client/features/auth/protected-route';
import { practiceQueryOptions } from '@client/features/practice/api/get-practice';
import { referralCodeQueryOptions } from '@client/features/referrals/api/get-referral-code';
import { referralStatsQueryOptions } from '@client/features/referrals/api/get-referral-stats';
import { configQueryOptions } from '@client/lib/config';
import { Redirect } from '@client/lib/navigation';
import { queryClient } from '@client/lib/query-client';
import { userQueryOptions } from '@client/lib/session';
import { hasSessionMarker } from '@client/lib/session-marker';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject, redirectDocument } from 'react-router';

/** A route whose page module loads on first visit; `pick` names the page's export. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

// No waterfall (design.md section 8): as a route starts, the router loads its code (`lazy`) and runs its
// loaders, all at once. The signed-in pages' guard and the admin area's layout wait in their loaders for
// the session (one request, which the header, the guard and the page all read); the pages' loaders only start their data's requests and wait for
// nothing, so the page shows as soon as its code is here, with placeholders the size of what is coming.

/**
 * The user's session, and the banner the shell shows them, before a signed-in page first shows. A session check
 * that fails leaves the visitor signed out, as the header and the guard read it; it fails no page.
 */
const sessionLoader: LoaderFunction = async () => {
  const session = queryClient.ensureQueryData(userQueryOptions()).catch(() => null);
  await preloadShell(session).catch(() => undefined);
  return null;
};

/** The admin's session: the admin area's layout decides with it what to show. */
const adminSessionLoader: LoaderFunction = async () => {
  await queryClient.ensureQueryData(adminQueryOptions()).catch(() => null);
  return null;
};

/**
 * A loader that asks for a signed-in page's data now. Only with a session (its marker cookie): a visitor
 * is sent to sign in, and asks nothing that would answer 401.
 */
function prefetch(kind: 'user' | 'admin', start: (url: URL) => unknown): LoaderFunction {
  return ({ request }) => {
    if (hasSessionMarker(kind)) void start(new URL(request.url));
    return null;
  };
}

// Every page loads on demand. The marketing pages are Astro's documents (src/site), not the app's pages: the
// app's navigation loads them (lib/router-navigation.tsx), and any link or redirect that reaches the router
// instead is sent on with React Router's document redirect.
const sitePages: RouteObject[] = sitePagePaths.map((path) => ({
  path,
  loader: ({ request }) => {
    const url = new URL(request.url);
    return redirectDocument(url.pathname + url.search);
  },
}));

const publicPages: RouteObject[] = [
  ...sitePages,
  {
    path: paths.auth.path,
    lazy: page(
      () => import('@client/features/auth/auth-page'),
      (m) => m.AuthPage,
    ),
  },
  {
    path: paths.forgotPassword.path,
    lazy: page(
      () => import('@client/features/auth/forgot-password-page'),
      (m) => m.ForgotPasswordPage,
    ),
  },
  {
    path: paths.resetPassword.path,
    lazy: page(
      () => import('@client/features/auth/reset-password-page'),
      (m) => m.ResetPasswordPage,
    ),
  },
  {
    path: paths.verifyEmail.path,
    lazy: page(
      () => import('@client/features/auth/verify-email-page'),
      (m) => m.VerifyEmailPage,
    ),
  },
  // Open signed out: the invitation says whom it is for before the person signs in.
  {
    path: paths.practice.join.path,
    lazy: page(
      () => import('@client/features/practice/join-page'),
      (m) => m.JoinPracticePage,
    ),
  },
  // Choosing no plan is choosing on the pricing page; no need to sign in first.
  { path: paths.subscribe.root.path, element: <Redirect to={paths.pricing.getHref()} /> },
  {
    Component: ProtectedRoute,
    // A public page does not wait for the session: it shows as soon as its code is here.
    loader: sessionLoader,
    children: [
      {
        path: paths.account.path,
        loader: async ({ request }) => {
          const url = new URL(request.url);
          if (hasSessionMarker('user')) prefetchAccountPage(queryClient, url);
          // The tab the address opens shows with the page, not after it (tab-modules.ts).
          await loadAccountTab(url.searchParams.get('tab'));
          return null;
        },
        lazy: page(
          () => import('@client/features/account/account-page'),
          (m) => m.AccountPage,
        ),
      },
      {
        path: paths.practice.path,
        // Asked only of someone in a practice, as the page does.
        loader: prefetch('user', async () => {
          const user = await queryClient.ensureQueryData(userQueryOptions());
          if (user?.practice) await queryClient.prefetchQuery(practiceQueryOptions());
        }),
        lazy: page(
          () => import('@client/features/practice/practice-page'),
          (m) => m.PracticePage,
        ),
      },
      {
        path: paths.practice.audit.path,
        lazy: page(
          () => import('@client/features/practice/audit-page'),
          (m) => m.PracticeAuditPage,
        ),
      },
      {
        path: paths.refer.path,
        loader: prefetch('user', () => {
          void queryClient.prefetchQuery(referralCodeQueryOptions());
          void queryClient.prefetchQuery(referralStatsQueryOptions());
        }),
        lazy: page(
          () => import('@client/features/referrals/refer-page'),
          (m) => m.ReferPage,
        ),
      },
      {
        path: paths.subscribe.success.path,
        lazy: page(
          () => import('@client/features/subscribe/subscribe-success-page'),
          (m) => m.SubscribeSuccessPage,
        ),
      },
      {
        path: paths.subscribe.plan.path,
        loader: prefetch('user', () => {
          void queryClient.prefetchQuery(configQueryOptions());
          void queryClient.prefetchQuery(billingDetailsQueryOptions());
        }),
        lazy: page(
          () => import('@client/features/subscribe/subscribe-page'),
          (m) => m.SubscribePage,
        ),
      },
    ],
  },
  {
    path: '*',
    lazy: page(
      () => import('@client/features/marketing/not-found-page'),
      (m) => m.NotFoundPage,
    ),
  },
];

// The admin area has its own layout and no public header or footer; its code never loads for visitors.
const adminPages: RouteObject[] = [
  {
    index: true,
    lazy: page(
      () => import('@client/features/admin/admin-login-page'),
      (m) => m.AdminLoginPage,
    ),
  },
  {
    loader: adminSessionLoader,
    lazy: page(
      () => import('@client/features/admin/admin-shell'),
      (m) => m.AdminShell,
    ),
    children: [
      {
        path: paths.admin.dashboard.path,
        loader: prefetch('admin', () => queryClient.prefetchQuery(getAdminStatsQueryOptions())),
        lazy: page(
          () => import('@client/features/admin/dashboard-page'),
          (m) => m.AdminDashboardPage,
        ),
      },
      {
        path: paths.admin.users.path,
        lazy: page(
          () => import('@client/features/admin/users-page'),
          (m) => m.AdminUsersPage,
        ),
      },
      {
        path: paths.admin.users.user.path,
        lazy: page(
          () => import('@client/features/admin/user-detail-page'),
          (m) => m.AdminUserDetailPage,
        ),
      },
      {
        path: paths.admin.subscriptions.path,
        lazy: page(
          () => import('@client/features/admin/subscriptions-page'),
          (m) => m.AdminSubscriptionsPage,
        ),
      },
      {
        path: paths.admin.newsletter.path,
        lazy: page(
          () => import('@client/features/admin/newsletter-page'),
          (m) => m.AdminNewsletterPage,
        ),
      },
      {
        path: paths.admin.referrals.path,
        lazy: page(
          () => import('@client/features/admin/referrals-page'),
          (m) => m.AdminReferralsPage,
        ),
      },
      {
        path: paths.admin.practices.path,
        lazy: page(
          () => import('@client/features/admin/practices-page'),
          (m) => m.AdminPracticesPage,
        ),
      },
      {
        path: paths.admin.audit.path,
        lazy: page(
          () => import('@client/features/admin/audit-page'),
          (m) => m.AdminAuditPage,
        ),
      },
    ],
  },
];

const routes: RouteObject[] = [
  {
    ErrorBoundary: RouteError,
    HydrateFallback: StartingPage,
    children: [
      {
        Component: PublicLayout,
        // Keeps the header and footer on screen if a page fails.
        children: [{ ErrorBoundary: PageError, children: publicPages }],
      },
      { path: paths.admin.login.path, HydrateFallback: AdminStartingPage, children: adminPages },
    ],
  },
];

export const router = createBrowserRouter(routes);
